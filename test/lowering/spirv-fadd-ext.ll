; fadd/fsub for SPIR/SPIR-V: native only where the user declares the
; extension (SPV_EXT_shader_atomic_float_add: float/double;
; SPV_EXT_shader_atomic_float16_add: half); bfloat always loops. fsub is fadd
; of fneg wherever fadd is native (no subnormal flushing rule here). Never a
; fence.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32LOOP,F16LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=none>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32LOOP,F16LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=SPV_EXT_shader_atomic_float_add>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32NAT,F16LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=SPV_EXT_shader_atomic_float_min_max>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32LOOP,F16LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=+SPV_EXT_shader_atomic_float16_add>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32LOOP,F16NAT
; A comma list cannot go through opt's pass parameters (see options-comma-list.ll); -fpa-spirv-ext takes it.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-spirv-ext=SPV_EXT_shader_atomic_float_add,SPV_EXT_shader_atomic_float16_add -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32NAT,F16NAT
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32NAT,F16NAT
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-spirv-ext=all -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32NAT,F16NAT
; RUN: sed -e 's/spirv64-unknown-unknown/spir-unknown-unknown/' %s | %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F32NAT,F16NAT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; fadd float, global, seq_cst, workgroup: native with the extension (no fences), else a loop with seq_cst/seq_cst cmpxchg.
define float @fadd_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32_global(
; F32NAT-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
; F32LOOP-NOT:  = atomicrmw
; F32LOOP:      [[INIT:%.*]] = load atomic i32, ptr addrspace(1) %p syncscope("workgroup") monotonic, align 4
; F32LOOP-NEXT: [[VB:%.*]] = bitcast float %v to i32
; F32LOOP:      atomicrmw.start:
; F32LOOP-NEXT: [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.start ]
; F32LOOP-NEXT: [[A:%.*]] = bitcast i32 [[LOADED]] to float
; F32LOOP-NEXT: [[B:%.*]] = bitcast i32 [[VB]] to float
; F32LOOP-NEXT: [[NEW:%.*]] = fadd float [[A]], [[B]]
; F32LOOP-NEXT: [[NEWB:%.*]] = bitcast float [[NEW]] to i32
; F32LOOP-NEXT: [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEWB]] syncscope("workgroup") seq_cst seq_cst, align 4
; F32LOOP-NEXT: [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; F32LOOP-NEXT: [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; F32LOOP-NEXT: br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; F32LOOP:      atomicrmw.end:
; F32LOOP-NEXT: %old = bitcast i32 [[LOADED]] to float
; CHECK-NEXT:   ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
  ret float %old
}

; fsub float, global (where NVPTX would loop): fadd of fneg with the extension.
define float @fsub_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fsub_f32_global(
; F32NAT-NEXT:  [[NEG:%.*]] = fneg float %v
; F32NAT-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, float [[NEG]] syncscope("device") acq_rel, align 4
; F32LOOP-NOT:  = atomicrmw
; F32LOOP:      fsub float
; F32LOOP:      cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") acq_rel acquire, align 4
; F32LOOP:      %old = bitcast i32 {{%.*}} to float
; CHECK-NEXT:   ret float %old
  %old = atomicrmw fsub ptr addrspace(1) %p, float %v syncscope("device") acq_rel, align 4
  ret float %old
}

; fadd double, generic, release, subgroup, volatile, unused.
define void @fadd_f64_generic(ptr addrspace(4) %p, double %v) {
; CHECK-LABEL: define void @fadd_f64_generic(
; F32NAT-NEXT:  atomicrmw volatile fadd ptr addrspace(4) %p, double %v syncscope("subgroup") release, align 8
; F32LOOP:      load atomic volatile i64, ptr addrspace(4) %p syncscope("subgroup") monotonic, align 8
; F32LOOP:      fadd double
; F32LOOP:      cmpxchg volatile ptr addrspace(4) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("subgroup") release monotonic, align 8
; CHECK:        ret void
  %old = atomicrmw volatile fadd ptr addrspace(4) %p, double %v syncscope("subgroup") release, align 8
  ret void
}

; fsub double, local, acquire, singlethread.
define double @fsub_f64_local(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define double @fsub_f64_local(
; F32NAT-NEXT:  [[NEG:%.*]] = fneg double %v
; F32NAT-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, double [[NEG]] syncscope("singlethread") acquire, align 8
; F32LOOP:      fsub double
; F32LOOP:      cmpxchg ptr addrspace(3) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("singlethread") acquire acquire, align 8
; CHECK:        ret double %old
  %old = atomicrmw fsub ptr addrspace(3) %p, double %v syncscope("singlethread") acquire, align 8
  ret double %old
}

; fadd half, global, monotonic, system: native with the float16 extension, else a masked loop adding in half.
define half @fadd_f16_global(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fadd_f16_global(
; F16NAT-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
; F16LOOP-NOT:  = atomicrmw
; F16LOOP:      ptrtoint ptr addrspace(1) %p to i64
; F16LOOP:      load atomic i32, ptr addrspace(1) [[WORD:%.*]] monotonic, align 4
; F16LOOP:      fadd half
; F16LOOP:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; F16LOOP:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT:   ret half %old
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; fsub half, local, acq_rel, workgroup, volatile, unused.
define void @fsub_f16_local(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fsub_f16_local(
; F16NAT-NEXT:  [[NEG:%.*]] = fneg half %v
; F16NAT-NEXT:  atomicrmw volatile fadd ptr addrspace(3) %p, half [[NEG]] syncscope("workgroup") acq_rel, align 2
; F16LOOP:      fsub half
; F16LOOP:      cmpxchg volatile ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") acq_rel acquire, align 4
; CHECK:        ret void
  %old = atomicrmw volatile fsub ptr addrspace(3) %p, half %v syncscope("workgroup") acq_rel, align 2
  ret void
}

; fadd bfloat, generic, seq_cst, device: SPIR-V has no bfloat atomic add, always a masked loop.
define bfloat @fadd_bf16_generic(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fadd_bf16_generic(
; CHECK-NOT:    = atomicrmw
; CHECK:        load atomic i32, ptr addrspace(4) [[WORD:%.*]] syncscope("device") monotonic, align 4
; CHECK:        fadd bfloat
; CHECK:        cmpxchg ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") seq_cst seq_cst, align 4
; CHECK:        %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fadd ptr addrspace(4) %p, bfloat %v syncscope("device") seq_cst, align 2
  ret bfloat %old
}

; fsub bfloat, global, monotonic, subgroup: always a masked loop.
define bfloat @fsub_bf16_global(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_bf16_global(
; CHECK-NOT:    = atomicrmw
; CHECK:        fsub bfloat
; CHECK:        cmpxchg ptr addrspace(1) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") monotonic monotonic, align 4
  %old = atomicrmw fsub ptr addrspace(1) %p, bfloat %v syncscope("subgroup") monotonic, align 2
  ret bfloat %old
}
