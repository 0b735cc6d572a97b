; opt's pipeline parser splits -passes at every comma, so list values in pass
; parameters are separated with ':' (',' works in -fpa-* and fpa-opt).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory:subnormal-flush>' -S %s | %FileCheck %s
; RUN: %opt %loadplugin -fpa-assume=nan-free-memory,subnormal-flush -passes=lower-fp-atomics -S %s | %FileCheck %s
; RUN: %fpa-opt --assume=nan-free-memory,subnormal-flush %s -o - | %FileCheck %s
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=SPV_EXT_shader_atomic_float_add:SPV_EXT_shader_atomic_float16_add>' -S %s -o /dev/null
; A comma inside the parameters is opt's own error.
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory,subnormal-flush>' -S %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=COMMA
; COMMA: unknown pass name 'lower-fp-atomics<assume=nan-free-memory'

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
