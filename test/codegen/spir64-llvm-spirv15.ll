; On LLVM 15: lowered spir64 (typed pointers, as clang-15 emits for spir64)
; through llvm-spirv-15 produces SPIR-V that spirv-val accepts; the unlowered
; module has no integer form.
; REQUIRES: llvm15, llvm-spirv, spirv-val
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s -o %t.bc
; RUN: %llvm-spirv-15 %t.bc -o %t.spv
; RUN: %spirv-val %t.spv
; RUN: %llvm-dis %t.bc -o - | %FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: @k(
; CHECK-NOT: atomicrmw f
; CHECK: atomicrmw min i32 addrspace(1)*
; CHECK: atomicrmw umax i32 addrspace(1)*
; CHECK: cmpxchg i32 addrspace(3)*
; CHECK: cmpxchg i64 addrspace(1)*
define spir_kernel void @k(float addrspace(1)* %g, float addrspace(3)* %l,
                           double addrspace(1)* %gd, half addrspace(1)* %gh,
                           float %v, double %d, half %h) {
  %1 = atomicrmw fmin float addrspace(1)* %g, float %v monotonic, align 4
  %2 = atomicrmw fadd float addrspace(3)* %l, float %v seq_cst, align 4
  %3 = atomicrmw fsub double addrspace(1)* %gd, double %d monotonic, align 8
  %4 = atomicrmw fmax double addrspace(1)* %gd, double %d monotonic, align 8
  %5 = atomicrmw fmin half addrspace(1)* %gh, half %h monotonic, align 2
  ret void
}
