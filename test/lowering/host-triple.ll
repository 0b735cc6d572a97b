; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; Modules whose triple is not nvptx*/spir*/spirv* are left untouched unless
; target= forces a target; then that target's rules apply (NVPTX fences for a
; strong ordering, none for SPIR-V), whatever the triple says. target=none
; leaves even an NVPTX module alone.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --check-prefix=KEEP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<target=auto>' -S %s | %FileCheck %s --check-prefix=KEEP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<target=none>' -S %s | %FileCheck %s --check-prefix=KEEP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory;sm=90;ptx=84>' -S %s | %FileCheck %s --check-prefix=KEEP
; RUN: %fpa-opt %s | %FileCheck %s --check-prefix=KEEP
; RUN: sed -e '/target triple/d' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --check-prefix=KEEP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<target=nvptx>' -S %s | %FileCheck %s --check-prefix=NVPTX --implicit-check-not='atomicrmw fm'
; RUN: %opt %loadplugin -passes='lower-fp-atomics<target=nvptx64>' -S %s | %FileCheck %s --check-prefix=NVPTX --implicit-check-not='atomicrmw fm'
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-target=nvptx -S %s | %FileCheck %s --check-prefix=NVPTX --implicit-check-not='atomicrmw fm'
; RUN: %fpa-opt --target=nvptx %s | %FileCheck %s --check-prefix=NVPTX --implicit-check-not='atomicrmw fm'
; RUN: %opt %loadplugin -passes='lower-fp-atomics<target=spirv>' -S %s | %FileCheck %s --check-prefix=SPIRV --implicit-check-not='atomicrmw fm' --implicit-check-not=fence
; RUN: sed -e 's/x86_64-unknown-linux-gnu/nvptx64-nvidia-cuda/' %s | %opt %loadplugin -passes='lower-fp-atomics<target=none>' -S | %FileCheck %s --check-prefix=KEEP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; fmin float seq_cst: untouched on the host; the NVPTX trick with its fences (seq_cst before, acquire after) when forced; no fences for SPIR-V.
; Either way the NaN repair's seq_cst cmpxchg loop is a function of its own
; after the module's functions, which the site calls.
define float @fmin_f32(ptr %p, float %v) {
; KEEP-LABEL: define float @fmin_f32(
; KEEP-NEXT:  %old = atomicrmw fmin ptr %p, float %v seq_cst, align 4
; KEEP-NEXT:  ret float %old
; NVPTX-LABEL: define float @fmin_f32(
; NVPTX:       fence seq_cst
; NVPTX-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; NVPTX:       atomicrmw.pos:
; NVPTX-NEXT:  atomicrmw min ptr %p, i32 {{%.*}} seq_cst, align 4
; NVPTX:       atomicrmw.neg:
; NVPTX-NEXT:  atomicrmw umax ptr %p, i32 {{%.*}} seq_cst, align 4
; NVPTX:       atomicrmw.join:
; NVPTX-NEXT:  [[OLD:%.*]] = phi i32
; NVPTX-NEXT:  fence acquire
; NVPTX:       atomicrmw.nanrepair:
; NVPTX-NEXT:  [[REP:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p0.seq_cst(ptr %p, float %v, i32 [[OLD]])
; NVPTX:       atomicrmw.end:
; NVPTX-NEXT:  [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[REP]], %atomicrmw.nanrepair ]
; NVPTX-NEXT:  %old = bitcast i32 [[RES]] to float
; SPIRV-LABEL: define float @fmin_f32(
; SPIRV:       atomicrmw.pos:
; SPIRV-NEXT:  atomicrmw min ptr %p, i32 {{%.*}} seq_cst, align 4
; SPIRV:       atomicrmw.neg:
; SPIRV-NEXT:  atomicrmw umax ptr %p, i32 {{%.*}} seq_cst, align 4
; SPIRV:       atomicrmw.join:
; SPIRV-NEXT:  [[OLD:%.*]] = phi i32
; SPIRV:       atomicrmw.nanrepair:
; SPIRV-NEXT:  [[REP:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p0.seq_cst(ptr %p, float %v, i32 [[OLD]])
; SPIRV:       atomicrmw.end:
; SPIRV-NEXT:  [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[REP]], %atomicrmw.nanrepair ]
; SPIRV-NEXT:  %old = bitcast i32 [[RES]] to float
  %old = atomicrmw fmin ptr %p, float %v seq_cst, align 4
  ret float %old
}

; fadd double: untouched on the host; forced NVPTX with the default sm_30 loops; SPIR-V without extension loops.
define double @fadd_f64(ptr %p, double %v) {
; KEEP-LABEL: define double @fadd_f64(
; KEEP-NEXT:  %old = atomicrmw fadd ptr %p, double %v monotonic, align 8
; KEEP-NEXT:  ret double %old
; NVPTX-LABEL: define double @fadd_f64(
; NVPTX-NOT:   = atomicrmw
; NVPTX:       fadd double
; NVPTX:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
; SPIRV-LABEL: define double @fadd_f64(
; SPIRV-NOT:   = atomicrmw
; SPIRV:       fadd double
; SPIRV:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
  %old = atomicrmw fadd ptr %p, double %v monotonic, align 8
  ret double %old
}

; fmax half: masked loop when forced (the host datalayout is little-endian, pointers 64-bit).
define half @fmax_f16(ptr %p, half %v) {
; KEEP-LABEL: define half @fmax_f16(
; KEEP-NEXT:  %old = atomicrmw fmax ptr %p, half %v monotonic, align 2
; NVPTX-LABEL: define half @fmax_f16(
; NVPTX:       ptrtoint ptr %p to i64
; NVPTX:       cmpxchg ptr {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SPIRV-LABEL: define half @fmax_f16(
; SPIRV:       ptrtoint ptr %p to i64
; SPIRV:       cmpxchg ptr {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
  %old = atomicrmw fmax ptr %p, half %v monotonic, align 2
  ret half %old
}

; The NaN repair's function for fmin_f32, after the module's functions
; (none where the module is left alone).
; KEEP-NOT:    @fpa.nanrepair
; NVPTX-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p0.seq_cst(ptr %p, float %v, i32 %old)
; NVPTX-NOT:   fence
; NVPTX:       cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; NVPTX-NOT:   fence
; NVPTX:       ret i32
; SPIRV-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p0.seq_cst(ptr %p, float %v, i32 %old)
; SPIRV:       cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; SPIRV:       ret i32
