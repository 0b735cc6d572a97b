; REQUIRES: nvptx, llvm15
; LLVM 15 build: llc-15 cannot select NVPTX fences ("Cannot select: ...
; AtomicFence"), so the pass adds none there, and an acquire fadd still
; compiles after the pass: the native add in shared memory, and on global
; memory the guarded add (a cas loop for operands below 2^-101), whose
; native adds are inline atom.sys at this system scope. Its cas is inline
; PTX too (llc-15 prints a cmpxchg with no scope, which PTX reads as .gpu).
; Each atom carries the acquire as its .sem (sm_70), not a fence:
; atom.acquire.sys.global.add.f32, atom.acquire.sys.global.cas.b32.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Guarded fadd with acquire ordering, global memory.
define float @fadd_acquire(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fadd_acquire(
; CHECK-NOT:   {{fence|membar}}
; CHECK:       setp.lt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 218103808;
; CHECK-NOT:   {{fence|membar}}
; CHECK:       atom.acquire.sys.global.add.f32
; CHECK-NOT:   {{fence|membar}}
; CHECK:       atom.acquire.sys.global.cas.b32
; CHECK-NOT:   {{fence|membar}}
; CHECK:       End function
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v acquire, align 4
  ret float %old
}

; Native fadd with acquire ordering, shared memory:
; atom.acquire.sys.shared.add.f32 (native-sys), with no fence.
define float @fadd_acquire_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: fadd_acquire_shared(
; CHECK-NOT:   {{fence|membar}}
; CHECK:       atom.acquire.sys.shared.add.f32
; CHECK-NOT:   {{fence|membar}}
; CHECK:       End function
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v acquire, align 4
  ret float %old
}
