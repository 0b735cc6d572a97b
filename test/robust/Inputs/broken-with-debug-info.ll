; Any module that fails verification and has "Debug Info Version" 3 makes
; LLVM's parser report a fatal error; here a use before its definition.
target triple = "nvptx64-nvidia-cuda"

define void @f(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %x monotonic, align 4
  %x = fadd float %v, 1.0
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
