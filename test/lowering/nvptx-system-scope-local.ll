; REQUIRES: nvptx
; A thread-local pointer (addrspace(5)) holds an address in the .local
; window, not a generic one, so the inline atom.sys is only for generic,
; global and shared pointers; local memory is private to the thread and
; keeps its atomicrmw.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' -S %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @fmin_local(ptr addrspace(5) %p, float %v) {
; CHECK-LABEL: define float @fmin_local(
; CHECK-NOT:   asm sideeffect "atom.sys.{{.*}}(ptr addrspace(5)
; CHECK:       ret float
  %old = atomicrmw fmin ptr addrspace(5) %p, float %v monotonic, align 4
  ret float %old
}

define float @fsub_local(ptr addrspace(5) %p, float %v) {
; CHECK-LABEL: define float @fsub_local(
; CHECK-NOT:   asm sideeffect "atom.sys.{{.*}}(ptr addrspace(5)
; CHECK:       ret float
  %old = atomicrmw fsub ptr addrspace(5) %p, float %v monotonic, align 4
  ret float %old
}
