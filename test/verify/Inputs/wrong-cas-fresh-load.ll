; A WRONG lowering of `atomicrmw fadd ptr %p, float %v` (for the tests of
; fpa-verify only): a cmpxchg loop that computes the new value from a fresh
; plain (monotonic) load of memory but hands cmpxchg the older expected
; value. If memory changes and comes back between the two reads (A-B-A,
; common with mixed-sign adds), cmpxchg succeeds with a new value built on
; a value that was not the one replaced: an update is lost. Alone on the
; location it is always right; only the stress mode can see it.
define float @wrong_fadd(ptr %p, float %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop
loop:
  %expected = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %cur = load atomic i32, ptr %p monotonic, align 4
  %cf = bitcast i32 %cur to float
  %nf = fadd float %cf, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %expected, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  %r = bitcast i32 %expected to float
  ret float %r
}
