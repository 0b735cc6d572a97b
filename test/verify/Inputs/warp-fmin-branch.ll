; An if-then before the atomic, with the address rebuilt from a GEP: the
; aggregate=warp lowering makes its first grouping test in the entry block
; (test/verify/warp-sim-early.test).
define float @f(ptr %p, float %v) {
entry:
  %neg = fcmp olt float %v, 0.0
  br i1 %neg, label %then, label %join
then:
  %w = fneg float %v
  br label %join
join:
  %x = phi float [ %v, %entry ], [ %w, %then ]
  %y = fneg float %x
  %z = select i1 %neg, float %y, float %v
  %q = getelementptr i8, ptr %p, i64 0
  %old = atomicrmw fmin ptr %q, float %z monotonic, align 4
  ret float %old
}
