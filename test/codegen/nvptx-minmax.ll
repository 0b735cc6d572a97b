; Lowered f32/f64 min/max through llc-22 for sm_70 and sm_90: the update is
; one integer atom.min/max (s32/u32/s64/u64); a cmpxchg appears only after the
; NaN-repair block. For sm_90 (minimum PTX 7.8) a warp whose operands have
; both signs first tries one cmpxchg from a loaded value, after a ballot of
; the sign bits over activemask (precheck=adaptive's mixed-sign form), where
; the result is used or the value is 64 bits; an unused f32 (fmin_f32) has
; no ballot and no cmpxchg before the repair. The sites are system scope: from sm_60 the integer atoms
; are inline PTX `atom.sys` (LLVM 22 prints an atomicrmw with no scope, which
; PTX reads as .gpu); the repair is a call of a shared cold helper
; (fpa.nanrepair.*, one .func per kind of site, after the kernels) whose
; cas loop is the backend's, with .sys. ptxas
; accepts the sm_90 output where it is installed. Below sm_60 PTX has no
; .sys, and the atoms have no scope (SM50). The sm_90 runs pass
; aggregate=none: these are the per-lane forms, which the default's warp
; aggregation of unused results keeps for its per-lane path
; (nvptx-aggregate-auto.ll).
; REQUIRES: llvm22, nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s -o %t70.bc
; RUN: %llc -mcpu=sm_70 %t70.bc -o - | %FileCheck %s
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;aggregate=none>' %s -o %t90.bc
; RUN: %llc -mcpu=sm_90 %t90.bc -o %t90.ptx
; RUN: %FileCheck %s --check-prefix=SM90 < %t90.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin %}
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;assume=nan-free-memory;aggregate=none>' %s -o %tnf.bc
; RUN: %llc -mcpu=sm_90 %tnf.bc -o - | %FileCheck %s --check-prefix=NANFREE
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50>' %s -o %t50.bc
; RUN: %llc -mcpu=sm_50 %t50.bc -o - | %FileCheck %s --check-prefix=SM50

target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin f32 on global memory: atom.sys.global.min.s32 / atom.sys.global.max.u32.
define void @fmin_f32(ptr addrspace(1) %p, float %v) {
; SM90-LABEL: fmin_f32(
; SM90-NOT: {{vote.sync.ballot|cas.b}}
; SM90: atom.sys.global.min.s32
; SM90-NOT: cas.b
; SM90: atom.sys.global.max.u32
; SM90: %atomicrmw.nanrepair
; SM90-NOT: cas.b
; SM90: call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic, (param0, param1, param2);
; SM90-NOT: cas.b
; SM90: -- End function
; CHECK-LABEL: .visible .func fmin_f32(
; CHECK-NOT: cas
; CHECK: atom.sys.global.min.s32
; CHECK-NOT: cas
; CHECK: atom.sys.global.max.u32
; CHECK-NOT: cas
; CHECK: %atomicrmw.nanrepair
; CHECK-NOT: cas
; CHECK: call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic, (param0, param1, param2);
; CHECK-NOT: cas
; CHECK: -- End function
; Under assume=nan-free-memory there is no repair path at all: no helper
; (not even its forward declaration) and no call.
; NANFREE-NOT: nanrepair
; NANFREE-LABEL: .visible .func fmin_f32(
; NANFREE-NOT: {{cas|call|nanrepair}}
; NANFREE: atom.sys.global.min.s32
; NANFREE-NOT: {{cas|call|nanrepair}}
; NANFREE: atom.sys.global.max.u32
; NANFREE-NOT: {{cas|call|nanrepair}}
; NANFREE: ret;
; SM50-LABEL: .visible .func fmin_f32(
; SM50-NOT:   .sys
; SM50:       atom.global.min.s32
; SM50-NOT:   .sys
; SM50:       atom.global.max.u32
; SM50-NOT:   .sys
; SM50:       %atomicrmw.nanrepair
; SM50-NOT:   {{\.sys|cas}}
; SM50:       call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic, (param0, param1, param2);
; SM50-NOT:   {{\.sys|cas}}
; SM50:       -- End function
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; fmax f32 on shared memory: atom.sys.shared.max.s32 / atom.sys.shared.min.u32.
define float @fmax_f32_shared(ptr addrspace(3) %p, float %v) {
; SM90-LABEL: fmax_f32_shared(
; SM90: activemask.b32
; SM90-NEXT: vote.sync.ballot.b32
; SM90: atom.relaxed.sys.shared.cas.b32
; SM90: atom.sys.shared.max.s32
; SM90: atom.sys.shared.min.u32
; SM90: %atomicrmw.nanrepair
; SM90-NOT: cas.b
; SM90: call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic, (param0, param1, param2);
; SM90-NOT: cas.b
; SM90: -- End function
; CHECK-LABEL: .visible .func  (.param .b32 func_retval0) fmax_f32_shared(
; CHECK-NOT: cas
; CHECK: atom.sys.shared.max.s32
; CHECK-NOT: cas
; CHECK: atom.sys.shared.min.u32
; CHECK-NOT: cas
; CHECK: %atomicrmw.nanrepair
; CHECK-NOT: cas
; CHECK: call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic, (param0, param1, param2);
; CHECK-NOT: cas
; CHECK: -- End function
  %old = atomicrmw fmax ptr addrspace(3) %p, float %v monotonic, align 4
  ret float %old
}

; fmin f64 through a generic pointer: atom.sys.min.s64 / atom.sys.max.u64.
define double @fmin_f64(ptr %p, double %v) {
; SM90-LABEL: fmin_f64(
; SM90: activemask.b32
; SM90-NEXT: vote.sync.ballot.b32
; SM90: atom.relaxed.sys.cas.b64
; SM90: atom.sys.min.s64
; SM90: atom.sys.max.u64
; SM90: %atomicrmw.nanrepair
; SM90-NOT: cas.b
; SM90: call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic, (param0, param1, param2);
; SM90-NOT: cas.b
; SM90: -- End function
; CHECK-LABEL: fmin_f64(
; CHECK-NOT: cas
; CHECK: atom.sys.min.s64
; CHECK-NOT: cas
; CHECK: atom.sys.max.u64
; CHECK-NOT: cas
; CHECK: %atomicrmw.nanrepair
; CHECK-NOT: cas
; CHECK: call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic, (param0, param1, param2);
; CHECK-NOT: cas
; CHECK: -- End function
  %old = atomicrmw fmin ptr %p, double %v monotonic, align 8
  ret double %old
}

; fmax f64 on global memory: atom.sys.global.max.s64 / atom.sys.global.min.u64.
define void @fmax_f64(ptr addrspace(1) %p, double %v) {
; SM90-LABEL: fmax_f64(
; SM90: activemask.b32
; SM90-NEXT: vote.sync.ballot.b32
; SM90: atom.relaxed.sys.global.cas.b64
; SM90: atom.sys.global.max.s64
; SM90: atom.sys.global.min.u64
; SM90: %atomicrmw.nanrepair
; SM90-NOT: cas.b
; SM90: call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic, (param0, param1, param2);
; SM90-NOT: cas.b
; SM90: -- End function
; CHECK-LABEL: fmax_f64(
; CHECK-NOT: cas
; CHECK: atom.sys.global.max.s64
; CHECK-NOT: cas
; CHECK: atom.sys.global.min.u64
; CHECK-NOT: cas
; CHECK: %atomicrmw.nanrepair
; CHECK-NOT: cas
; CHECK: call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic, (param0, param1, param2);
; CHECK-NOT: cas
; CHECK: -- End function
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret void
}

; The NaN repair helpers, after the kernels, in the order the sites first
; need them; each is a cas loop on the site's address space, at .sys scope
; from sm_60 (no scope on sm_50, which has no .sys).
; SM90-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic(
; SM90: atom.relaxed.sys.global.cas.b32
; SM90: ret;
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic(
; CHECK: atom.relaxed.sys.global.cas.b32
; CHECK: ret;
; SM90-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic(
; SM90: atom.relaxed.sys.shared.cas.b32
; SM90: ret;
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic(
; CHECK: atom.relaxed.sys.shared.cas.b32
; CHECK: ret;
; SM90-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic(
; SM90: atom.relaxed.sys.cas.b64
; SM90: ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic(
; CHECK: atom.relaxed.sys.cas.b64
; CHECK: ret;
; SM90-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic(
; SM90: atom.relaxed.sys.global.cas.b64
; SM90: ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic(
; CHECK: atom.relaxed.sys.global.cas.b64
; CHECK: ret;
; Only fmin_f32 is checked at sm_50: its helper's cas has no scope.
; SM50-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic(
; SM50-NOT:   .sys
; SM50:       atom.global.cas.b32
; SM50-NOT:   .sys
; SM50:       ret;
