target triple = "nvptx64-nvidia-cuda"
; fp128 has no atomic form on the target
define fp128 @quad(ptr %p, fp128 %v) {
  %old = atomicrmw fadd ptr %p, fp128 %v monotonic, align 16
  ret fp128 %old
}
; under-aligned
define float @underaligned(ptr %p, float %v) {
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 2
  ret float %old
}
