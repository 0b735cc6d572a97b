target triple = "nvptx64-nvidia-cuda"

define float @f(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}
