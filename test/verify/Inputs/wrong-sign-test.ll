; A WRONG lowering of `atomicrmw fmin ptr %p, float %v` (for the tests of
; fpa-verify only): the integer trick choosing its path with `v >= 0.0`
; instead of the sign bit, so -0.0 takes the signed-min path (Triton's bug
; before its PR 6431). NaN operands are handled (identity operand), and it is
; checked under assume=nan-free-memory, so the sign test is the only fault.
define float @wrong_fmin(ptr %p, float %v) {
entry:
  %vb = bitcast float %v to i32
  %mag = and i32 %vb, 2147483647
  %isnan = icmp ugt i32 %mag, 2139095040
  %nonneg = fcmp oge float %v, 0.000000e+00
  br i1 %nonneg, label %pos, label %neg
pos:
  %op.pos = select i1 %isnan, i32 2147483647, i32 %vb
  %old.pos = atomicrmw min ptr %p, i32 %op.pos monotonic, align 4
  br label %end
neg:
  %op.neg = select i1 %isnan, i32 0, i32 %vb
  %old.neg = atomicrmw umax ptr %p, i32 %op.neg monotonic, align 4
  br label %end
end:
  %old = phi i32 [ %old.pos, %pos ], [ %old.neg, %neg ]
  %r = bitcast i32 %old to float
  ret float %r
}
