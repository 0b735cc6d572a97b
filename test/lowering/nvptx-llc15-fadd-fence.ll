; REQUIRES: nvptx, llvm15
; LLVM 15 build: llc-15 cannot select NVPTX fences ("Cannot select: ...
; AtomicFence"), so the pass adds none there, and a native `atomicrmw fadd
; float ... acquire` still compiles after the pass.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Native fadd with acquire ordering: must still compile to atom.global.add.f32.
define float @fadd_acquire(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fadd_acquire(
; CHECK:       atom.global.add.f32
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v acquire, align 4
  ret float %old
}
