; In a block that no path reaches, an instruction may use itself or a value
; defined after it. Two such shapes hung or crashed the lowering:
; - a GEP that is its own operand, under aggregate=warp: the walk up the
;   pointer's GEPs and casts never ended (now at most 64 steps);
; - a spelled call whose generic pointer is cast after the call: the cast,
;   erased with the call, was the next instruction of the walk over calls;
; - an atomic first in a block that branches to itself, under the default
;   precheck=adaptive: the walk up to the hint load's place went into the
;   block split off after the atomic, and the load landed above its phi.
; RUN: %fpa-opt-asan %s --aggregate=warp --report=%t.report -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; RUN: %FileCheck %s < %t.ll
; RUN: %fpa-opt-asan %s -o - | %opt -passes=verify -disable-output
; RUN: %fpa-opt-asan %s --target=nvptx --sm=60 --minmax=loop -o - | %opt -passes=verify -disable-output
; RUN: %fpa-opt-asan %s --target=spirv --minmax=int --precheck=on --report=%t.spirv -o %t.spirv.ll
; RUN: %opt -passes=verify -disable-output %t.spirv.ll
; RUN: %FileCheck %s --check-prefix=SPIRV < %t.spirv
; RUN: %FileCheck %s --check-prefix=SPIRV-IR < %t.spirv.ll

target triple = "nvptx64-nvidia-cuda"

; REPORT: self_gep: fmin float addrspace(0): rewritten warp-aggregated:
define ptx_kernel void @self_gep(ptr %p, float %v) "target-cpu"="sm_90" {
entry:
  ret void
dead:
  %a = getelementptr i8, ptr %a, i64 4
  %old = atomicrmw fmin ptr %a, float %v monotonic, align 4
  br label %dead
}

; REPORT: self_use: fmin float addrspace(0): rewritten
; REPORT: self_use: fadd double addrspace(1): {{rewritten|native}}
define ptx_kernel void @self_use(ptr %p, ptr addrspace(1) %g) "target-cpu"="sm_90" {
entry:
  ret void
dead:
  %a = atomicrmw fmin ptr %p, float %a monotonic, align 4
  %c = atomicrmw fadd ptr addrspace(1) %g, double %c seq_cst, align 8
  br label %dead
}

; __fpa_atomic_fetch_min_f32_device on a generic (SPIR: addrspace(4))
; pointer cast, after the call, from a global one: on SPIR-V the atomic goes
; through the global pointer and the cast, left unused, is erased. On NVPTX
; addrspace(4) is constant memory: the call becomes an atomicrmw, left as
; is with the reason.
; REPORT: cast_after: fmin float addrspace(4): unsupported none: from __fpa_atomic_fetch_min_f32_device: an atomic on the constant address space (addrspace(4)) cannot write memory
; CHECK-LABEL: define ptx_kernel void @cast_after(
; CHECK-NOT:   call float @__fpa_atomic_fetch_min_f32_device
; CHECK:       ret void
; SPIRV: cast_after: fmin float addrspace(1): rewritten {{.*}}from __fpa_atomic_fetch_min_f32_device (on the addrspace(1) pointer behind the generic cast)
; SPIRV-IR-LABEL: define ptx_kernel void @cast_after(
; SPIRV-IR-NOT:   addrspacecast
; SPIRV-IR:       ret void
declare float @__fpa_atomic_fetch_min_f32_device(ptr addrspace(4), float)
define ptx_kernel void @cast_after(ptr addrspace(1) %q, float %v) "target-cpu"="sm_90" {
entry:
  ret void
dead:
  %r = call float @__fpa_atomic_fetch_min_f32_device(ptr addrspace(4) %cast, float %v)
  %cast = addrspacecast ptr addrspace(1) %q to ptr addrspace(4)
  br label %dead
}
