; REQUIRES: nvptx
; XFAIL: *
; BUG: system scope is narrowed to GPU scope by the integer trick. LLVM 22
; NVPTX emits an integer atomicrmw as `atom.global.min.s32` with no .sem and
; no .scope whatever its syncscope, and PTX gives a scope-less atom the .gpu
; scope. The original `atomicrmw fmin float` (syncscope "", i.e. system) is
; expanded by LLVM itself into `atom.relaxed.sys.global.cas.b32`, which is a
; system-scope atomic; after the pass, the update is done by .gpu-scope
; `atom.global.min.s32`/`atom.global.max.u32` (only the repair cas stays .sys),
; so it is no longer atomic with respect to the host or peer GPUs on mapped
; memory. SEMANTICS.md: the syncscope must be kept; a wider one only where the
; weaker cannot be expressed -- never a narrower one. (The added fences are
; .sys, but a fence does not make the read-modify-write itself system-atomic.)
; The same holds for the integer trick on fmax, on f64, and under
; assume=nan-free-memory for fminimum/fmaximum.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -o - | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float in system scope: every atomic on %p must be a system-scope one.
define float @fmin_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmin_system(
; CHECK-NOT:   atom.global.min.s32
; CHECK-NOT:   atom.global.max.u32
; CHECK:       atom.{{.*}}sys{{.*}}
; CHECK:       ret;
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}
