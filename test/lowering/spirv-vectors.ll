; UNSUPPORTED: llvm15
; Vector atomics for SPIR-V (LLVM 15 has no vector atomicrmw fadd): one
; cmpxchg over the whole width, never split, never fenced; 128-bit vectors are
; left as they were (SPIR-V cmpxchg is at most 64 bits).
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s 2>%t.err | %FileCheck %s --implicit-check-not=fence
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S %s 2>/dev/null | %FileCheck %s --implicit-check-not=fence
; RUN: %FileCheck %s --input-file=%t.err --check-prefix=WARN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; WARN: warning: {{.*}}lower-fp-atomics: left as is: fmax <4 x float>: unsupported none: {{.*}}a 128-bit cmpxchg is not available (largest is 64 bits)

; fadd <2 x half>, global: no vector fadd atomic even with the extensions, one 32-bit loop.
define <2 x half> @fadd_v2f16_global(ptr addrspace(1) %p, <2 x half> %v) {
; CHECK-LABEL: define <2 x half> @fadd_v2f16_global(
; CHECK-NOT:    = atomicrmw
; CHECK:        load atomic i32, ptr addrspace(1) %p syncscope("workgroup") monotonic, align 4
; CHECK:        fadd <2 x half>
; CHECK:        cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") monotonic monotonic, align 4
; CHECK:        %old = bitcast i32 {{%.*}} to <2 x half>
  %old = atomicrmw fadd ptr addrspace(1) %p, <2 x half> %v syncscope("workgroup") monotonic, align 4
  ret <2 x half> %old
}

; fmin <2 x float>, generic, acq_rel, device, volatile: one 64-bit loop with per-lane minnum.
define <2 x float> @fmin_v2f32_generic(ptr addrspace(4) %p, <2 x float> %v) {
; CHECK-LABEL: define <2 x float> @fmin_v2f32_generic(
; CHECK-NOT:    = atomicrmw
; CHECK:        load atomic volatile i64, ptr addrspace(4) %p syncscope("device") monotonic, align 8
; CHECK:        icmp ult <2 x i32>
; CHECK:        cmpxchg volatile ptr addrspace(4) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") acq_rel acquire, align 8
; CHECK:        %old = bitcast i64 {{%.*}} to <2 x float>
  %old = atomicrmw volatile fmin ptr addrspace(4) %p, <2 x float> %v syncscope("device") acq_rel, align 8
  ret <2 x float> %old
}

; fmax <4 x float>, local: 128 bits, left as is with a warning.
define <4 x float> @fmax_v4f32_local(ptr addrspace(3) %p, <4 x float> %v) {
; CHECK-LABEL: define <4 x float> @fmax_v4f32_local(
; CHECK-NEXT:   %old = atomicrmw fmax ptr addrspace(3) %p, <4 x float> %v monotonic, align 16
; CHECK-NEXT:   ret <4 x float> %old
  %old = atomicrmw fmax ptr addrspace(3) %p, <4 x float> %v monotonic, align 16
  ret <4 x float> %old
}
