; LLVM 15's SPIR-V route is llvm-spirv-15, which writes every atomicrmw,
; cmpxchg and atomic load at Device scope whatever its syncscope (it keeps
; an OpenCL builtin call's scope). The lowered IR keeps each scope, and
; the record of a site at another scope says what the translator does to
; it: narrower than all devices for system scope, wider for a workgroup.
; RUN: %fpa-opt %s -o - --report=%t.report | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT --input-file=%t.report
; REQUIRES: llvm15
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p, float %v) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("workgroup") monotonic, align 4
  %b = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  %c = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}
; CHECK: atomicrmw min ptr addrspace(1) %p, i32 {{.*}} syncscope("workgroup") monotonic
; CHECK: atomicrmw min ptr addrspace(1) %p, i32 {{.*}} monotonic
; CHECK: atomicrmw min ptr addrspace(1) %p, i32 {{.*}} syncscope("device") monotonic
; REPORT: k: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: llvm-spirv 15 writes atomic instructions at Device scope whatever their syncscope, wider than this one
; REPORT-NEXT: k: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: llvm-spirv 15 writes atomic instructions at Device scope whatever their syncscope, narrower than all devices
; REPORT-NEXT: k: fmin float addrspace(1): rewritten int-trick: {{.*}} when the update leaves memory unchanged{{$}}
