target triple = "nvptx64-nvidia-cuda"
; 256 bits: wider than any cmpxchg.
define <4 x double> @wide(ptr %p, <4 x double> %v) {
  %old = atomicrmw fadd ptr %p, <4 x double> %v monotonic, align 32
  ret <4 x double> %old
}
