target triple = "nvptx64-nvidia-cuda"
define void @f(ptr %p, float %v) {
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret voi
}
