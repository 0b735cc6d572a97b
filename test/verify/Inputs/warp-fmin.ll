; The function warp-sim-wrong.test lowers with aggregate=warp and then
; breaks on purpose.
define float @f(ptr %p, float %v) {
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret float %old
}
