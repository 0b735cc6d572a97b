; An atomic in an NVPTX address space other than generic, global, shared,
; the cluster's shared memory, constant or thread-local is left as it is,
; with the reason in the report: the pass's integer atomics there made llc
; stop ("Cannot select"), where llc takes the original's cmpxchg loop.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.report
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll
; RUN: %if llvm22 %{ %llc -mcpu=sm_90 -mattr=+ptx84 %t.ll -o /dev/null %}
; REQUIRES: nvptx
target triple = "nvptx64-nvidia-cuda"

; CHECK: as2: fmin float addrspace(2): unsupported none: addrspace(2) is not generic, global or shared memory, where NVPTX's atomics act
; CHECK: as6: fmax double addrspace(6): unsupported none: addrspace(6) is not generic
; IR: atomicrmw fmin ptr addrspace(2) %p, float %v monotonic
; IR: atomicrmw fmax ptr addrspace(6) %p, double %v syncscope("device") monotonic
define float @as2(ptr addrspace(2) %p, float %v) #0 {
  %r = atomicrmw fmin ptr addrspace(2) %p, float %v monotonic, align 4
  ret float %r
}
define double @as6(ptr addrspace(6) %p, double %v) #0 {
  %r = atomicrmw fmax ptr addrspace(6) %p, double %v syncscope("device") monotonic, align 8
  ret double %r
}
attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx84" }
