; A spelled builtin that is not called directly (its address taken: calls
; through the pointer) is left as is, and each place that takes it is
; reported, not silently skipped; the direct call beside it is rewritten.
; The reports come in the order of the function's uses.
; RUN: %fpa-opt-asan %s --report=%t.report -o %t.ll
; RUN: %FileCheck %s --input-file=%t.report
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll
; RUN: %not %fpa-opt-asan %s --strict -o /dev/null 2>&1 | %FileCheck %s --check-prefix=STRICT

target triple = "spirv64-unknown-unknown"

declare spir_func float @_Z16atomic_fetch_minPU3AS4VU7_Atomicff(ptr addrspace(4), float)
declare spir_func float @_Z16atomic_fetch_maxPU3AS4VU7_Atomicff(ptr addrspace(4), float)

; CHECK: k: fmin float addrspace(1): rewritten int-trick: from atomic_fetch_min
; CHECK-DAG: k: fmin float addrspace(0): unsupported none: from atomic_fetch_min: the function's address is taken here; calls through a pointer are not recognized
; CHECK-DAG: k: fmax float addrspace(0): unsupported none: from atomic_fetch_max: the function's address is taken here; calls through a pointer are not recognized
; CHECK-DAG: table: fmin float addrspace(0): unsupported none: from atomic_fetch_min: the function's address is in a global variable read here; calls through a pointer are not recognized
; IR-LABEL: define spir_kernel void @k(
; IR: select i1 %c, ptr @_Z16atomic_fetch_minPU3AS4VU7_Atomicff, ptr @_Z16atomic_fetch_maxPU3AS4VU7_Atomicff
; IR: call spir_func float %f(
; IR-NOT: call spir_func float @_Z16atomic_fetch_min
; IR: ret void
; STRICT: warning: in 'k': fmin float left as is: from atomic_fetch_min: the function's address is taken here
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, float %v, i1 %c) {
  %p = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %f = select i1 %c, ptr @_Z16atomic_fetch_minPU3AS4VU7_Atomicff, ptr @_Z16atomic_fetch_maxPU3AS4VU7_Atomicff
  %r = call spir_func float %f(ptr addrspace(4) %p, float %v)
  %d = call spir_func float @_Z16atomic_fetch_minPU3AS4VU7_Atomicff(ptr addrspace(4) %p, float %v)
  %s = fadd float %r, %d
  store float %s, ptr addrspace(1) %out
  ret void
}

; Through a table in a global variable: reported where the table is read.
@tbl = addrspace(1) global [1 x ptr] [ptr @_Z16atomic_fetch_minPU3AS4VU7_Atomicff]
define spir_kernel void @table(ptr addrspace(4) %p, float %v, ptr addrspace(1) %out) {
  %f = load ptr, ptr addrspace(1) @tbl
  %r = call spir_func float %f(ptr addrspace(4) %p, float %v)
  store float %r, ptr addrspace(1) %out
  ret void
}

; A table's element read through a constant GEP, and a table that another
; global points to: reported where each is read.
@tbl2 = addrspace(1) global [2 x ptr] [ptr @_Z16atomic_fetch_minPU3AS4VU7_Atomicff, ptr @_Z16atomic_fetch_maxPU3AS4VU7_Atomicff]
@ref = addrspace(1) global ptr addrspace(1) @tbl2
define spir_kernel void @table_gep(ptr addrspace(4) %p, float %v, ptr addrspace(1) %out) {
  %f = load ptr, ptr addrspace(1) getelementptr inbounds ([2 x ptr], ptr addrspace(1) @tbl2, i64 0, i64 1)
  %r = call spir_func float %f(ptr addrspace(4) %p, float %v)
  store float %r, ptr addrspace(1) %out
  ret void
}
define spir_kernel void @table_ref(ptr addrspace(4) %p, float %v, ptr addrspace(1) %out) {
  %t = load ptr addrspace(1), ptr addrspace(1) @ref
  %f = load ptr, ptr addrspace(1) %t
  %r = call spir_func float %f(ptr addrspace(4) %p, float %v)
  store float %r, ptr addrspace(1) %out
  ret void
}
; CHECK-DAG: table_gep: fmin float addrspace(0): unsupported none: from atomic_fetch_min: the function's address is in a global variable read here
; CHECK-DAG: table_gep: fmax float addrspace(0): unsupported none: from atomic_fetch_max: the function's address is in a global variable read here
; CHECK-DAG: table_ref: fmin float addrspace(0): unsupported none: from atomic_fetch_min: the function's address is in a global variable read here
; CHECK-DAG: table_ref: fmax float addrspace(0): unsupported none: from atomic_fetch_max: the function's address is in a global variable read here
