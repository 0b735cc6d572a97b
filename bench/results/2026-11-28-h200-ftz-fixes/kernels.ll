; Kernels for the flush-mode checks: one update each; fpa-run fills the buffers.
; k(ptr m, ptr v): old = atomicrmw OP m[0], v[0]; v[1] = old
; Every function's f32 denormal mode flushes (#0: preserve-sign,preserve-sign;
; #1: preserve-sign,ieee); bfloat's mode (denormal-fp-math) is IEEE.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2 x float] undef, align 4

; bfloat fadd at device scope: the masked loop (no native bf16 add below sm_90;
; at sm_90 too for fsub)
define ptx_kernel void @ba(ptr addrspace(1) %m, ptr addrspace(1) %v) #0 {
  %x = load bfloat, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, bfloat %x syncscope("device") monotonic, align 2
  %q = getelementptr bfloat, ptr addrspace(1) %v, i64 1
  store bfloat %o, ptr addrspace(1) %q
  ret void
}
; bfloat fadd at system scope: the masked loop at every sm
define ptx_kernel void @bas(ptr addrspace(1) %m, ptr addrspace(1) %v) #0 {
  %x = load bfloat, ptr addrspace(1) %v
  %o = atomicrmw fadd ptr addrspace(1) %m, bfloat %x monotonic, align 2
  %q = getelementptr bfloat, ptr addrspace(1) %v, i64 1
  store bfloat %o, ptr addrspace(1) %q
  ret void
}
; bfloat fsub at device scope: the masked loop
define ptx_kernel void @bs(ptr addrspace(1) %m, ptr addrspace(1) %v) #0 {
  %x = load bfloat, ptr addrspace(1) %v
  %o = atomicrmw fsub ptr addrspace(1) %m, bfloat %x syncscope("device") monotonic, align 2
  %q = getelementptr bfloat, ptr addrspace(1) %v, i64 1
  store bfloat %o, ptr addrspace(1) %q
  ret void
}
; f32 fsub on shared memory, inputs kept (preserve-sign,ieee): fadd-neg,
; -v by fma.rn.f32; m[0] goes through @s[0]
define ptx_kernel void @fss(ptr addrspace(1) %m, ptr addrspace(1) %v) #1 {
  %a = load float, ptr addrspace(1) %m
  store float %a, ptr addrspace(3) @s
  %x = load float, ptr addrspace(1) %v
  %o = atomicrmw fsub ptr addrspace(3) @s, float %x syncscope("block") monotonic, align 4
  %r = load float, ptr addrspace(3) @s
  store float %r, ptr addrspace(1) %m
  %q = getelementptr float, ptr addrspace(1) %v, i64 1
  store float %o, ptr addrspace(1) %q
  ret void
}
attributes #0 = { "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #1 = { "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,ieee" }
