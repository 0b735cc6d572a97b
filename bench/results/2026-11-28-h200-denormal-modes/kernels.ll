; Kernels for the denormal-mode checks: one update each; fpa-run fills the buffers.
; k(ptr m, ptr v): old = atomicrmw OP m[0], v[0]; v[1] = old
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; half fadd at system scope in a function whose f32 flushes -> the masked loop
define ptx_kernel void @ha(ptr addrspace(1) %m, ptr addrspace(1) %v) #1 {
  %x = load half, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, half %x monotonic, align 2
  %q = getelementptr half, ptr addrspace(1) %v, i64 1
  store half %o, ptr addrspace(1) %q
  ret void
}
; half fsub at device scope, f32 flushes -> the masked loop
define ptx_kernel void @hs(ptr addrspace(1) %m, ptr addrspace(1) %v) #1 {
  %x = load half, ptr addrspace(1) %v
  %o = atomicrmw fsub ptr addrspace(1) %m, half %x syncscope("device") monotonic, align 2
  %q = getelementptr half, ptr addrspace(1) %v, i64 1
  store half %o, ptr addrspace(1) %q
  ret void
}
; f32 fadd, denormal-fp-math positive-zero -> fadd-guarded
define ptx_kernel void @fp(ptr addrspace(1) %m, ptr addrspace(1) %v) #2 {
  %x = load float, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, float %x syncscope("device") monotonic, align 4
  %q = getelementptr float, ptr addrspace(1) %v, i64 1
  store float %o, ptr addrspace(1) %q
  ret void
}
; f32 fadd, denormal-fp-math preserve-sign,ieee -> fadd-guarded
define ptx_kernel void @fi(ptr addrspace(1) %m, ptr addrspace(1) %v) #3 {
  %x = load float, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, float %x syncscope("device") monotonic, align 4
  %q = getelementptr float, ptr addrspace(1) %v, i64 1
  store float %o, ptr addrspace(1) %q
  ret void
}
; f32 fadd, default attributes -> fadd-guarded
define ptx_kernel void @fg(ptr addrspace(1) %m, ptr addrspace(1) %v) #0 {
  %x = load float, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, float %x syncscope("device") monotonic, align 4
  %q = getelementptr float, ptr addrspace(1) %v, i64 1
  store float %o, ptr addrspace(1) %q
  ret void
}
attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #2 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math"="positive-zero,positive-zero" }
attributes #3 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math"="preserve-sign,ieee" }
