; A native fadd at system scope (no syncscope: LangRef's default) reaches the
; hardware at system scope: LLVM 22's NVPTX backend emits an atomicrmw fadd
; as a scope-less atom, which PTX reads as .gpu, so from sm_60 the pass
; writes it as inline PTX atom.sys (strategy native-sys), with the fences of
; its ordering (seq_cst: fence.sc.sys, then atom.acquire.sys). Device scope
; stays the backend's atomicrmw. A 16-bit add has no inline form here, so at
; system scope it is the masked cmpxchg loop, whose cas the backend emits at
; .sys; below sm_60, where PTX has no .sys scope, the report says the add
; acts at .gpu scope.
; UNSUPPORTED: llvm15
; REQUIRES: nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -S %s | %FileCheck %s --check-prefix=IR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -mattr=+ptx78 -o %t.ptx
; RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REP50

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; IR-LABEL: define double @sys_f64(
; IR-NEXT:    %old = call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double %v)
; IR-NEXT:    ret double %old
; PTX-LABEL: sys_f64(
; PTX:       atom.sys.global.add.f64
; PTX-NOT:   atom.global.add.f64
; PTX:       ret;
; REP: sys_f64: fadd double addrspace(1): rewritten native-sys: {{.*}}; system scope: the add is inline PTX atom.sys (the backend would emit it at .gpu scope)
; REP50: sys_f64: fadd double addrspace(1): rewritten cas-loop: no native fadd: atom.add.f64 needs sm_60
define double @sys_f64(ptr addrspace(1) %p, double %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %old
}

; IR-LABEL: define void @sys_f64_seq_cst(
; IR-NEXT:    fence seq_cst
; IR-NEXT:    {{%.*}} = call double asm sideeffect "atom.acquire.sys.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr %p, double %v)
; IR-NEXT:    ret void
; PTX-LABEL: sys_f64_seq_cst(
; PTX:       fence.sc.sys;
; PTX:       atom.acquire.sys.add.f64
; REP: sys_f64_seq_cst: fadd double addrspace(0): rewritten native-sys: {{.*}}; fences added, as LLVM 22 NVPTX drops an atomicrmw's ordering; system scope: the add is inline PTX atom.sys
define void @sys_f64_seq_cst(ptr %p, double %v) {
  %old = atomicrmw fadd ptr %p, double %v seq_cst, align 8
  ret void
}

; IR-LABEL: define void @sys_f64_shared_volatile(
; IR-NEXT:    {{%.*}} = call double asm sideeffect "atom.sys.shared.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(3) %p, double %v)
; IR-NEXT:    ret void
define void @sys_f64_shared_volatile(ptr addrspace(3) %p, double %v) {
  %old = atomicrmw volatile fadd ptr addrspace(3) %p, double %v monotonic, align 8
  ret void
}

; IR-LABEL: define double @device_f64(
; IR-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
; PTX-LABEL: device_f64(
; PTX:       atom.global.add.f64
; REP: device_f64: fadd double addrspace(1): native native: atom.add.f64 needs sm_60{{$}}
define double @device_f64(ptr addrspace(1) %p, double %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret double %old
}

; IR-LABEL: define half @sys_f16(
; IR-NOT:     atomicrmw
; IR:         load atomic i32, ptr addrspace(1) {{%.*}} monotonic, align 4
; IR:         fadd half
; IR:         cmpxchg ptr addrspace(1) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; IR:         ret half
; PTX-LABEL: sys_f16(
; PTX-NOT:   atom.global.add.noftz.f16
; PTX:       atom.relaxed.sys.global.cas.b32
; REP: sys_f16: fadd half addrspace(1): rewritten cas-loop-masked: system scope: the native 16-bit add would act at .gpu scope, and the loop's cmpxchg keeps .sys; no 16-bit cmpxchg, so on the 32-bit word; the loop ends without cmpxchg when the update leaves memory unchanged{{$}}
define half @sys_f16(ptr addrspace(1) %p, half %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; At device scope the 16-bit add stays native.
; IR-LABEL: define half @device_f16(
; IR-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
; PTX-LABEL: device_f16(
; PTX:       atom.global.add.noftz.f16
define half @device_f16(ptr addrspace(1) %p, half %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %old
}

; Below sm_60 PTX has no .sys scope; the f32 add on shared memory is native
; (it keeps subnormals there).
; REP50: sys_f32_shared: fadd float addrspace(3): native native: {{.*}}; note: PTX has no .sys scope before sm_60, so the add acts at .gpu scope, not .sys{{$}}
define float @sys_f32_shared(ptr addrspace(3) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v monotonic, align 4
  ret float %old
}
