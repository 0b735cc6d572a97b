; REQUIRES: spirv-backend
; Without a float-atomics extension LLVM 22's SPIR-V backend stops on
; atomicrmw fmin/fmax/fadd; after the pass the module compiles to integer
; atomics (OpAtomicSMin/UMax/SMax/UMin, 64-bit with Int64Atomics) and
; OpAtomicCompareExchange, with no float atomic instruction or extension.
; RUN: %not %llc -mtriple=spirv64-unknown-unknown %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ORIG
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s | %llc -mtriple=spirv64-unknown-unknown -o - | %FileCheck %s --implicit-check-not=OpExtension --implicit-check-not=OpAtomicF
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s | %llc -mtriple=spirv64-unknown-unknown -filetype=obj -o %t.spv
; RUN: %if spirv-val %{ %spirv-val %t.spv %}

; ORIG: LLVM ERROR: The atomic float instruction requires the following SPIR-V extension

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; One kernel with fmin float, fmax double, fadd float (no extension) and fmin half.
; CHECK-DAG:  OpCapability Int64Atomics
; CHECK:      OpAtomicSMin
; CHECK:      OpAtomicUMax
; CHECK:      OpAtomicCompareExchange
; CHECK:      OpAtomicSMax
; CHECK:      OpAtomicUMin
; CHECK:      OpAtomicCompareExchange
; CHECK:      OpAtomicCompareExchange
; CHECK:      OpAtomicCompareExchange
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(3) %l, float %v, double %d, half %h) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
  %b = atomicrmw fmax ptr addrspace(1) %p, double %d syncscope("device") acq_rel, align 8
  %c = atomicrmw fadd ptr addrspace(3) %l, float %v monotonic, align 4
  %e = atomicrmw fmin ptr addrspace(1) %p, half %h monotonic, align 2
  ret void
}
