; XFAIL: *
; BUG: `fpa-opt --help` documents the pass parameters as
; lower-fp-atomics<NAME=VALUE;...> with list values `assume=A,B` and
; `spirv-ext=EXT,EXT`, but opt's pipeline parser splits -passes at every
; comma, so any list value is rejected with "unknown pass name
; 'lower-fp-atomics<assume=nan-free-memory'". Only -fpa-assume=A,B (the cl::opt)
; and fpa-opt --assume=A,B can express two assumptions at once. A separator
; that opt leaves alone (for example '+' or '|') is needed in pass parameters.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory,subnormal-flush>' -S %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Both assumptions at once: no NaN repair for fmin, and fsub.f32 on global memory as fadd of fneg.
define void @both(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @both(
; CHECK-NOT:   cmpxchg
; CHECK:       atomicrmw min ptr addrspace(1) %p, i32
; CHECK:       atomicrmw umax ptr addrspace(1) %p, i32
; CHECK:       [[NEG:%.*]] = fneg float %v
; CHECK-NEXT:  atomicrmw fadd ptr addrspace(1) %p, float [[NEG]] monotonic, align 4
; CHECK-NOT:   cmpxchg
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  %b = atomicrmw fsub ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}
