; LLVM 15 with typed pointers: a spelled builtin called through a bitcast of
; the function (as clang-15 emits where the declaration's type differs) is
; not recognized; the call is left and reported, not silently skipped.
; REQUIRES: llvm15
; RUN: %fpa-opt-asan %s --report=%t.report -o %t.ll
; RUN: %FileCheck %s --input-file=%t.report
; CHECK: k: fmin float addrspace(0): unsupported none: from atomic_fetch_min: called through a cast of the function, which is not recognized

target triple = "spir64-unknown-unknown"

declare spir_func float @_Z16atomic_fetch_minPU3AS4VU7_Atomicff(i8 addrspace(4)*, float)

define spir_kernel void @k(float addrspace(4)* %p, float %v, float addrspace(1)* %out) {
  %r = call spir_func float bitcast (float (i8 addrspace(4)*, float)* @_Z16atomic_fetch_minPU3AS4VU7_Atomicff to float (float addrspace(4)*, float)*)(float addrspace(4)* %p, float %v)
  store float %r, float addrspace(1)* %out
  ret void
}
