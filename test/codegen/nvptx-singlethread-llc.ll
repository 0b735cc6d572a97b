; A singlethread atomic with an ordering above monotonic: llc cannot select
; a singlethread cmpxchg with a fence ("Unsupported scope \"Thread\" for
; seq_cst fence"), so the cmpxchg the lowering builds (the guarded add's
; loop for tiny operands, the NaN repair, the loops) is at system scope, a
; wider one, and the report says so. Before, llc compiled the fadd below
; and aborted on the pass's output. A monotonic one keeps its scope.
; UNSUPPORTED: llvm15
; REQUIRES: nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -mattr=+ptx78 -o %t.ptx
; RUN: %FileCheck %s --check-prefix=PTX < %t.ptx

target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: define float @fadd_seq_cst(
; IR:       atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("singlethread") seq_cst, align 4
; IR:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; PTX-LABEL: fadd_seq_cst(
; PTX:       atom.acquire.sys.global.cas.b32
; REP: fadd_seq_cst: fadd float addrspace(1): rewritten fadd-guarded: {{.*}}; note: NVPTX has no singlethread cmpxchg with this ordering, so its cmpxchg is at system scope (wider)
define float @fadd_seq_cst(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("singlethread") seq_cst, align 4
  ret float %old
}

; IR-LABEL: define double @fminimum_release(
; IR:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} release monotonic, align 8
; PTX-LABEL: fminimum_release(
; PTX:       atom.release.sys.cas.b64
; REP: fminimum_release: fminimum double addrspace(0): rewritten cas-loop: {{.*}}; note: NVPTX has no singlethread cmpxchg with this ordering, so its cmpxchg is at system scope (wider)
define double @fminimum_release(ptr %p, double %v) {
  %old = atomicrmw fminimum ptr %p, double %v syncscope("singlethread") release, align 8
  ret double %old
}

; IR-LABEL: define double @fmaximum_monotonic(
; IR:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} syncscope("singlethread") monotonic monotonic, align 8
; REP: fmaximum_monotonic: fmaximum double addrspace(0): rewritten cas-loop: a NaN of the other sign in memory defeats the integer trick for fminimum/fmaximum; the loop ends without cmpxchg when the update leaves memory unchanged{{$}}
define double @fmaximum_monotonic(ptr %p, double %v) {
  %old = atomicrmw fmaximum ptr %p, double %v syncscope("singlethread") monotonic, align 8
  ret double %old
}
