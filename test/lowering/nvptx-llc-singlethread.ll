; REQUIRES: nvptx
; XFAIL: *
; BUG: syncscope("singlethread") atomics on NVPTX compile with llc before the
; pass but not after it. (1) Every cmpxchg loop starts with
; `load atomic ... syncscope("singlethread") monotonic`, which LLVM 22 NVPTX
; rejects on sm_70+ with "LLVM ERROR: Atomics need scope > "Thread"" (LLVM's
; own expansion loads the first value with a plain load). (2) For an ordering
; stronger than monotonic the pass adds `fence syncscope("singlethread") ...`
; around the integer atomics and around a kept native fadd, which LLVM 22
; NVPTX rejects on every sm with "Unsupported scope "Thread" for
; acquire/release/acq_rel fence" (or "... for seq_cst fence"). A singlethread
; fence orders nothing in hardware; it needs no fence (or a signal fence).
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
