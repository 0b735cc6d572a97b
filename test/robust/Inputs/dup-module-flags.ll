; Parses, but repeats a module flag identifier, which the verifier rejects;
; with "Debug Info Version" 3 LLVM's parser then reports a fatal error
; ("Broken module found, compilation aborted!").
target triple = "nvptx64-nvidia-cuda"

define float @f(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 2, !"Debug Info Version", i32 3}
