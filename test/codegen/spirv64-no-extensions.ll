; Lowered spirv64 through llc-22 with no extensions: the unlowered module
; stops llc; the lowered one compiles and spirv-val accepts it.
; REQUIRES: llvm22, spirv-backend, spirv-val
; RUN: %not %llc -mtriple=spirv64-unknown-unknown -filetype=obj %s -o %t.bad.spv 2>&1 | %FileCheck %s --check-prefix=UNLOWERED
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s -o %t.bc
; RUN: %llc -mtriple=spirv64-unknown-unknown -filetype=obj %t.bc -o %t.spv
; RUN: %spirv-val %t.spv
; RUN: %llc -mtriple=spirv64-unknown-unknown %t.bc -o - | %FileCheck %s

; UNLOWERED: LLVM ERROR: The atomic float instruction requires the following SPIR-V extension

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; The integer trick becomes OpAtomicSMin/UMax, SMax/UMin (32 and 64 bit).
; CHECK-DAG: OpAtomicSMin
; CHECK-DAG: OpAtomicUMax
; CHECK-DAG: OpAtomicSMax
; CHECK-DAG: OpAtomicUMin
; Loops (half, fadd without the extension) become OpAtomicCompareExchange.
; CHECK-DAG: OpAtomicCompareExchange
; CHECK-NOT: OpAtomicF

define spir_kernel void @all(ptr addrspace(1) %g, ptr addrspace(3) %l,
                             ptr addrspace(1) %gd, ptr addrspace(1) %gh,
                             float %v, double %d, half %h) {
  %1 = atomicrmw fmin ptr addrspace(1) %g, float %v syncscope("device") monotonic, align 4
  %2 = atomicrmw fmax ptr addrspace(3) %l, float %v syncscope("workgroup") seq_cst, align 4
  %3 = atomicrmw fmin ptr addrspace(1) %gd, double %d monotonic, align 8
  %4 = atomicrmw fmax ptr addrspace(1) %gd, double %d acq_rel, align 8
  %5 = atomicrmw fmin ptr addrspace(1) %gh, half %h monotonic, align 2
  %6 = atomicrmw fadd ptr addrspace(1) %g, float %v monotonic, align 4
  %7 = atomicrmw fsub ptr addrspace(3) %l, float %v monotonic, align 4
  %8 = atomicrmw fadd ptr addrspace(1) %gd, double %d monotonic, align 8
  %9 = atomicrmw fadd ptr addrspace(1) %gh, half %h monotonic, align 2
  ret void
}
