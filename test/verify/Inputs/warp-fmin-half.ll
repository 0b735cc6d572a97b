; The function warp-sim-wrong.test lowers with aggregate=warp and then
; breaks on purpose: half fmin, whose per-lane form is a masked cmpxchg
; loop on the aligned 32-bit word.
define half @f(ptr %p, half %v) {
  %old = atomicrmw fmin ptr %p, half %v monotonic, align 2
  ret half %old
}
