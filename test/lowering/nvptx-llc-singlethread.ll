; REQUIRES: nvptx
; syncscope("singlethread") atomics on NVPTX still compile with llc after the
; pass (they once did not): (1) a cmpxchg loop's first load is made at system
; scope, as LLVM 22 NVPTX rejects a thread-scope atomic load on sm_70+
; ("Atomics need scope > "Thread""); (2) no fences are added for a
; singlethread ordering, which orders only against the same thread, and
; NVPTX has no thread-scope fence ("Unsupported scope "Thread"").
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o - | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; (1) A cmpxchg loop in singlethread scope: llc accepts the original atomicrmw.
define half @loop_singlethread(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: loop_singlethread(
; CHECK:       cas.b32
  %old = atomicrmw fmax ptr addrspace(1) %p, half %v syncscope("singlethread") monotonic, align 2
  ret half %old
}

; (2) A native fadd in singlethread scope with acq_rel: llc accepts the original atomicrmw.
define float @fenced_singlethread(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fenced_singlethread(
; CHECK:       atom.global.add.f32
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("singlethread") acq_rel, align 4
  ret float %old
}
