; OpenCL 1.x's atomic_min/atomic_max/atomic_add on float and double: what
; llvm-spirv -r (its default CL1.2 environment) writes for SPIR-V's
; OpAtomicFMinEXT/FMaxEXT/FAddEXT, dropping Scope and MemorySemantics.
; Declared, they are relaxed atomics at device scope (libclc's reading of
; the legacy atomics); a definition in the module is the user's own
; function and stays a call; integer overloads are not float atomics, nor
; are names whose pointee is not volatile, or const, or _Atomic, or a
; reference, as no builtin's is.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.ll
; RUN: %FileCheck %s --check-prefix=REPORT --input-file=%t.report --implicit-check-not=from
; REQUIRES: llvm22
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func float @_Z10atomic_minPU3AS1Vff(ptr addrspace(1), float)
declare spir_func double @_Z10atomic_maxPU3AS3Vdd(ptr addrspace(3), double)
declare spir_func float @_Z10atomic_addPU3AS1Vff(ptr addrspace(1), float)
declare spir_func i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1), i32)
declare spir_func float @_Z10atomic_addPU3AS1ff(ptr addrspace(1), float)
declare spir_func float @_Z10atomic_minPU3AS1VKff(ptr addrspace(1), float)
declare spir_func half @_Z10atomic_addPU3AS1VDhDh(ptr addrspace(1), half)
declare spir_func float @_Z10atomic_minRU3AS1Vff(ptr addrspace(1), float)
declare spir_func float @_Z10atomic_maxPU3AS1VU7_Atomicff(ptr addrspace(1), float)

define spir_func float @_Z10atomic_maxPU3AS1Vff(ptr addrspace(1) %p, float %v) {
  store float %v, ptr addrspace(1) %p
  ret float %v
}

define spir_kernel void @k(ptr addrspace(1) %p, float %v, ptr addrspace(3) %l, double %w, ptr addrspace(1) %o, ptr addrspace(1) %ip) {
  %a = call spir_func float @_Z10atomic_minPU3AS1Vff(ptr addrspace(1) %p, float %v)
  store float %a, ptr addrspace(1) %o
  %b = call spir_func double @_Z10atomic_maxPU3AS3Vdd(ptr addrspace(3) %l, double %w)
  %c = call spir_func float @_Z10atomic_addPU3AS1Vff(ptr addrspace(1) %p, float %v)
  %d = call spir_func float @_Z10atomic_maxPU3AS1Vff(ptr addrspace(1) %p, float %v)
  %e = call spir_func i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1) %ip, i32 1)
  %f = call spir_func float @_Z10atomic_addPU3AS1ff(ptr addrspace(1) %p, float %v)
  %g = call spir_func float @_Z10atomic_minPU3AS1VKff(ptr addrspace(1) %p, float %v)
  %h = call spir_func half @_Z10atomic_addPU3AS1VDhDh(ptr addrspace(1) %p, half 0xH3C00)
  %r = call spir_func float @_Z10atomic_minRU3AS1Vff(ptr addrspace(1) %p, float %v)
  %t = call spir_func float @_Z10atomic_maxPU3AS1VU7_Atomicff(ptr addrspace(1) %p, float %v)
  ret void
}

; REPORT: k: fmin float addrspace(1): rewritten int-trick: from atomic_min (OpenCL 1.x atomic: relaxed, memory_scope_device)
; REPORT: k: fmax double addrspace(3): rewritten int-trick: from atomic_max (OpenCL 1.x atomic: relaxed, memory_scope_device)
; REPORT: k: fadd float addrspace(1): rewritten cas-loop: from atomic_add (OpenCL 1.x atomic: relaxed, memory_scope_device)
; REPORT: k: fadd half addrspace(1): rewritten cas-loop-masked: from atomic_add (OpenCL 1.x atomic: relaxed, memory_scope_device)

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: call spir_func {{.*}}@_Z10atomic_minPU3AS1Vff
; CHECK: atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} syncscope("device") monotonic
; CHECK-NOT: call spir_func {{.*}}@_Z10atomic_maxPU3AS3Vdd
; CHECK: atomicrmw max ptr addrspace(3) %l, i64 {{%.*}} syncscope("device") monotonic
; CHECK: cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") monotonic monotonic
; CHECK: call spir_func float @_Z10atomic_maxPU3AS1Vff(ptr addrspace(1) %p, float %v)
; CHECK: call spir_func i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1) %ip, i32 1)
; CHECK: call spir_func float @_Z10atomic_addPU3AS1ff(ptr addrspace(1) %p, float %v)
; CHECK: call spir_func float @_Z10atomic_minPU3AS1VKff(ptr addrspace(1) %p, float %v)
; CHECK-NOT: call spir_func half @_Z10atomic_addPU3AS1VDhDh
; CHECK: call spir_func float @_Z10atomic_minRU3AS1Vff(ptr addrspace(1) %p, float %v)
; CHECK: call spir_func float @_Z10atomic_maxPU3AS1VU7_Atomicff(ptr addrspace(1) %p, float %v)
