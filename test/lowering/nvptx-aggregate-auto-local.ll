; aggregate=auto leaves per lane an unused fmin on a generic pointer cast
; from thread-local memory: aggregate=warp's plan for it sends every warp
; down the per-lane path after its thread-local test, so grouping could
; only cost. aggregate=warp still plans it, with that test. (No llc here:
; PTX has no atomics on .local, where llc puts this access.)
; RUN: %fpa-opt --sm=90 --report=- -o %t.ll %s | %FileCheck %s --check-prefix=AUTO
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %fpa-opt --sm=90 --aggregate=warp --report=- -o /dev/null %s | %FileCheck %s --check-prefix=WARP

target triple = "nvptx64-nvidia-cuda"

; AUTO: local_generic: fmin float addrspace(0): rewritten int-trick: integer min/max by sign bit, with NaN repair; adaptive precheck:
; AUTO-NOT: warp-aggregated
; WARP: local_generic: fmin float addrspace(0): rewritten warp-aggregated: {{.*}}per lane also when a lane's pointer is thread-local
; CHECK-LABEL: define ptx_kernel void @local_generic(
; CHECK-NOT: isspacep.local
; CHECK-NOT: redux.sync
; CHECK: ret void
define ptx_kernel void @local_generic(float %v) {
  %a = alloca float, align 4, addrspace(5)
  %p = addrspacecast ptr addrspace(5) %a to ptr
  %o = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}
