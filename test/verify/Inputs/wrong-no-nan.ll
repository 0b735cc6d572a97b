; A WRONG lowering of `atomicrmw fmin ptr %p, float %v` (for the tests of
; fpa-verify only): the integer trick by sign bit with the NaN handling left
; out. A negative NaN operand goes to `umax` and replaces any non-NaN memory
; (minnum must ignore it); a negative NaN in memory is never replaced.
define float @wrong_fmin(ptr %p, float %v) {
entry:
  %vb = bitcast float %v to i32
  %neg = icmp slt i32 %vb, 0
  br i1 %neg, label %n, label %q
q:
  %old.q = atomicrmw min ptr %p, i32 %vb monotonic, align 4
  br label %end
n:
  %old.n = atomicrmw umax ptr %p, i32 %vb monotonic, align 4
  br label %end
end:
  %old = phi i32 [ %old.q, %q ], [ %old.n, %n ]
  %r = bitcast i32 %old to float
  ret float %r
}
