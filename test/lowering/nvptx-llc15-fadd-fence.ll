; REQUIRES: nvptx, llvm15
; XFAIL: *
; BUG (LLVM 15 build): a native `atomicrmw fadd float ... acquire` compiles
; with llc-15 as it is, but after the pass it is wrapped in `fence acquire`,
; which LLVM 15 NVPTX cannot select ("LLVM ERROR: Cannot select: ...
; AtomicFence"). The fence strategy (FPA_S_NATIVE_FENCED, and the fences of
; the integer trick) must not be used where the backend has no fence lowering.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Native fadd with acquire ordering: must still compile to atom.global.add.f32.
define float @fadd_acquire(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fadd_acquire(
; CHECK:       atom.global.add.f32
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v acquire, align 4
  ret float %old
}
