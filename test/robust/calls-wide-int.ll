; A spelling whose ordering or scope argument is an integer wider than 64
; bits is left as is with a reason: its constant value has no 64-bit
; reading (LLVM asserts so where assertions are on).
; RUN: %fpa-opt-asan %s --report=%t.report -o - 2>/dev/null | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report

target triple = "spir64-unknown-unknown"

declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1), i128, i32, float)
declare spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1), float, i65)

; CHECK-LABEL: define float @wide(
; CHECK: call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %p, i128 -1, i32 0, float %v)
; CHECK: call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) %p, float %v, i65 2)
; REPORT: wide: fadd float addrspace(1): unsupported none: from __spirv_AtomicFAddEXT: call left as is: an ordering or scope argument is wider than 64 bits
; REPORT: wide: fmin float addrspace(1): unsupported none: from atomic_fetch_min_explicit: call left as is: an ordering or scope argument is wider than 64 bits
define float @wide(ptr addrspace(1) %p, float %v) {
  %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %p, i128 -1, i32 0, float %v)
  %b = call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) %p, float %v, i65 2)
  %s = fadd float %a, %b
  ret float %s
}
