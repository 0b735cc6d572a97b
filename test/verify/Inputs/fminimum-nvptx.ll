; fminimum and fmaximum on a module that becomes PTX: on sm_80 the
; cmpxchg loops' new value is PTX min.NaN/max.NaN with the NaN cases
; selected apart (test/verify/warp-sim-min-nan.test).
target triple = "nvptx64-nvidia-cuda"

define float @f(ptr %p, float %v) {
  %old = atomicrmw OP ptr %p, float %v syncscope("device") monotonic, align 4
  ret float %old
}
