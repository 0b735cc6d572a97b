target triple = "nvptx64-nvidia-cuda"
define float @f(ptr %p, float %v) {
  ret float %x
entry2:
  %x = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret float %x
}
