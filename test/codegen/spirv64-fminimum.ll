; fminimum/fmaximum fail in llc-22's SPIR-V backend even with every
; extension; lowered, they compile and validate.
; REQUIRES: llvm22, fminimum, spirv-backend, spirv-val
; RUN: %not %llc -mtriple=spirv64-unknown-unknown -filetype=obj %s -o %t.bad.spv 2>&1 | %FileCheck %s --check-prefix=UNLOWERED
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s -o %t.bc
; RUN: %llc -mtriple=spirv64-unknown-unknown -filetype=obj %t.bc -o %t.spv
; RUN: %spirv-val %t.spv
; UNLOWERED: LLVM ERROR: unable to legalize instruction: {{.*}}G_ATOMICRMW_FM

target triple = "spirv64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %g, float %v, double %d) {
  %1 = atomicrmw fminimum ptr addrspace(1) %g, float %v monotonic, align 4
  %2 = atomicrmw fmaximum ptr addrspace(1) %g, float %v monotonic, align 4
  ret void
}
