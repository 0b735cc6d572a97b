; Every ordering with every operation, rotating through the types, address
; spaces, syncscopes, volatile and used/unused results so that each value of
; each axis meets each operation at least once. Checks: ordering, scope,
; volatile, address space and align on the atomics that replace the original,
; fences where the target needs them, and cmpxchg failure orderings
; (acq_rel->acquire, release->monotonic). The float/double min/max sites call
; their NaN repair, a shared @fpa.nanrepair.* function at the end of the
; module, and the repair's cmpxchg is checked there.
; SPIR-V with every float-atomic extension declared (fadd native for
; float, double and half; bfloat loops); never a fence.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not='atomicrmw fsub' --implicit-check-not=fence

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; fadd half, addrspace(1), monotonic, workgroup scope, result used.
define half @fadd_monotonic_half_as1_workgroup(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fadd_monotonic_half_as1_workgroup(
; CHECK-NEXT: %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("workgroup") monotonic, align 2
; CHECK-NEXT: ret half %old
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("workgroup") monotonic, align 2
  ret half %old
}

; fadd bfloat, addrspace(3), acquire, device scope, volatile, result unused.
define void @fadd_acquire_bfloat_as3_device_volatile_unused(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define void @fadd_acquire_bfloat_as3_device_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw volatile fadd ptr addrspace(3) %p, bfloat %v syncscope("device") acquire, align 2
  ret void
}

; fadd float, addrspace(4), release, subgroup scope, result used.
define float @fadd_release_float_as4_subgroup(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define float @fadd_release_float_as4_subgroup(
; CHECK-NEXT: %old = atomicrmw fadd ptr addrspace(4) %p, float %v syncscope("subgroup") release, align 4
; CHECK-NEXT: ret float %old
  %old = atomicrmw fadd ptr addrspace(4) %p, float %v syncscope("subgroup") release, align 4
  ret float %old
}

; fadd double, addrspace(1), acq_rel, singlethread scope, volatile, result unused.
define void @fadd_acq_rel_double_as1_singlethread_volatile_unused(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fadd_acq_rel_double_as1_singlethread_volatile_unused(
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr addrspace(1) %p, double %v syncscope("singlethread") acq_rel, align 8
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fadd ptr addrspace(1) %p, double %v syncscope("singlethread") acq_rel, align 8
  ret void
}

; fadd half, addrspace(3), seq_cst, system scope, result used.
define half @fadd_seq_cst_half_as3_system(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define half @fadd_seq_cst_half_as3_system(
; CHECK-NEXT: %old = atomicrmw fadd ptr addrspace(3) %p, half %v seq_cst, align 2
; CHECK-NEXT: ret half %old
  %old = atomicrmw fadd ptr addrspace(3) %p, half %v seq_cst, align 2
  ret half %old
}

; fsub bfloat, addrspace(3), monotonic, subgroup scope, volatile, result used.
define bfloat @fsub_monotonic_bfloat_as3_subgroup_volatile(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_monotonic_bfloat_as3_subgroup_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("subgroup") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fsub ptr addrspace(3) %p, bfloat %v syncscope("subgroup") monotonic, align 2
  ret bfloat %old
}

; fsub float, addrspace(4), acquire, singlethread scope, result unused.
define void @fsub_acquire_float_as4_singlethread_unused(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define void @fsub_acquire_float_as4_singlethread_unused(
; CHECK-NEXT: [[NEG:%.*]] = fneg float %v
; CHECK-NEXT: {{%.*}} = atomicrmw fadd ptr addrspace(4) %p, float [[NEG]] syncscope("singlethread") acquire, align 4
; CHECK-NEXT: ret void
  %old = atomicrmw fsub ptr addrspace(4) %p, float %v syncscope("singlethread") acquire, align 4
  ret void
}

; fsub double, addrspace(1), release, system scope, volatile, result used.
define double @fsub_release_double_as1_system_volatile(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fsub_release_double_as1_system_volatile(
; CHECK-NEXT: [[NEG:%.*]] = fneg double %v
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr addrspace(1) %p, double [[NEG]] release, align 8
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fsub ptr addrspace(1) %p, double %v release, align 8
  ret double %old
}

; fsub half, addrspace(3), acq_rel, workgroup scope, result unused.
define void @fsub_acq_rel_half_as3_workgroup_unused(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fsub_acq_rel_half_as3_workgroup_unused(
; CHECK-NEXT: [[NEG:%.*]] = fneg half %v
; CHECK-NEXT: {{%.*}} = atomicrmw fadd ptr addrspace(3) %p, half [[NEG]] syncscope("workgroup") acq_rel, align 2
; CHECK-NEXT: ret void
  %old = atomicrmw fsub ptr addrspace(3) %p, half %v syncscope("workgroup") acq_rel, align 2
  ret void
}

; fsub bfloat, addrspace(4), seq_cst, device scope, volatile, result used.
define bfloat @fsub_seq_cst_bfloat_as4_device_volatile(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_seq_cst_bfloat_as4_device_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(4) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fsub ptr addrspace(4) %p, bfloat %v syncscope("device") seq_cst, align 2
  ret bfloat %old
}

; fmin float, addrspace(4), monotonic, system scope, result used.
define float @fmin_monotonic_float_as4_system(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define float @fmin_monotonic_float_as4_system(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw min ptr addrspace(4) %p, i32 {{%.*}} monotonic, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw umax ptr addrspace(4) %p, i32 {{%.*}} monotonic, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p4.monotonic(ptr addrspace(4) %p, float %v, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i32 [[RES]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr addrspace(4) %p, float %v monotonic, align 4
  ret float %old
}

; fmin double, addrspace(1), acquire, workgroup scope, volatile, result unused.
define void @fmin_acquire_double_as1_workgroup_volatile_unused(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fmin_acquire_double_as1_workgroup_volatile_unused(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw volatile min ptr addrspace(1) %p, i64 {{%.*}} syncscope("workgroup") acquire, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw volatile umax ptr addrspace(1) %p, i64 {{%.*}} syncscope("workgroup") acquire, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i64 @fpa.nanrepair.fmin.f64.p1.workgroup.acquire.volatile(ptr addrspace(1) %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmin ptr addrspace(1) %p, double %v syncscope("workgroup") acquire, align 8
  ret void
}

; fmin half, addrspace(3), release, device scope, result used.
define half @fmin_release_half_as3_device(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define half @fmin_release_half_as3_device(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fmin ptr addrspace(3) %p, half %v syncscope("device") release, align 2
  ret half %old
}

; fmin bfloat, addrspace(4), acq_rel, subgroup scope, volatile, result unused.
define void @fmin_acq_rel_bfloat_as4_subgroup_volatile_unused(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define void @fmin_acq_rel_bfloat_as4_subgroup_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(4) [[WORD:%[a-z0-9._]+]] syncscope("subgroup") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw volatile fmin ptr addrspace(4) %p, bfloat %v syncscope("subgroup") acq_rel, align 2
  ret void
}

; fmin float, addrspace(1), seq_cst, singlethread scope, result used.
define float @fmin_seq_cst_float_as1_singlethread(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_seq_cst_float_as1_singlethread(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} syncscope("singlethread") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} syncscope("singlethread") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.singlethread.seq_cst(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i32 [[RES]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("singlethread") seq_cst, align 4
  ret float %old
}

; fmax double, addrspace(1), monotonic, device scope, volatile, result used.
define double @fmax_monotonic_double_as1_device_volatile(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_monotonic_double_as1_device_volatile(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw volatile max ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") monotonic, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw volatile umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") monotonic, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i64 @fpa.nanrepair.fmax.f64.p1.device.monotonic.volatile(ptr addrspace(1) %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i64 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i64 [[RES]] to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmax ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret double %old
}

; fmax half, addrspace(3), acquire, subgroup scope, result unused.
define void @fmax_acquire_half_as3_subgroup_unused(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmax_acquire_half_as3_subgroup_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("subgroup") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw fmax ptr addrspace(3) %p, half %v syncscope("subgroup") acquire, align 2
  ret void
}

; fmax bfloat, addrspace(4), release, singlethread scope, volatile, result used.
define bfloat @fmax_release_bfloat_as4_singlethread_volatile(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmax_release_bfloat_as4_singlethread_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(4) [[WORD:%[a-z0-9._]+]] monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("singlethread") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmax ptr addrspace(4) %p, bfloat %v syncscope("singlethread") release, align 2
  ret bfloat %old
}

; fmax float, addrspace(1), acq_rel, system scope, result unused.
define void @fmax_acq_rel_float_as1_system_unused(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fmax_acq_rel_float_as1_system_unused(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw max ptr addrspace(1) %p, i32 {{%.*}} acq_rel, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw umin ptr addrspace(1) %p, i32 {{%.*}} acq_rel, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i32 @fpa.nanrepair.fmax.f32.p1.acq_rel(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmax ptr addrspace(1) %p, float %v acq_rel, align 4
  ret void
}

; fmax double, addrspace(3), seq_cst, workgroup scope, volatile, result used.
define double @fmax_seq_cst_double_as3_workgroup_volatile(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define double @fmax_seq_cst_double_as3_workgroup_volatile(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw volatile max ptr addrspace(3) %p, i64 {{%.*}} syncscope("workgroup") seq_cst, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw volatile umin ptr addrspace(3) %p, i64 {{%.*}} syncscope("workgroup") seq_cst, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i64 @fpa.nanrepair.fmax.f64.p3.workgroup.seq_cst.volatile(ptr addrspace(3) %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i64 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i64 [[RES]] to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmax ptr addrspace(3) %p, double %v syncscope("workgroup") seq_cst, align 8
  ret double %old
}

; The NaN repairs of the float/double min/max sites above, in the order the
; sites first need them: the cmpxchg keeps the site's ordering (failure
; ordering acq_rel->acquire, release->monotonic), scope, volatile, address
; space and align; only the monotonic non-volatile one ends without cmpxchg
; when the update leaves memory as it is.
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p4.monotonic(
; CHECK-SAME: ptr addrspace(4) %p, float %v, i32 %old) [[ATTR:#[0-9]+]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i32 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT: icmp eq i32 [[NEW]], [[LOADED]]
; CHECK-NEXT: br i1 {{%.*}}, label %atomicrmw.end, label %atomicrmw.cas
; CHECK:      atomicrmw.cas:
; CHECK-NEXT: cmpxchg ptr addrspace(4) %p, i32 [[LOADED]], i32 [[NEW]] monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p1.workgroup.acquire.volatile(
; CHECK-SAME: ptr addrspace(1) %p, double %v, i64 %old) [[ATTR]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i64 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i64 [[LOADED]], i64 {{%.*}}
; CHECK-NEXT: cmpxchg volatile ptr addrspace(1) %p, i64 [[LOADED]], i64 [[NEW]] syncscope("workgroup") acquire acquire, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.singlethread.seq_cst(
; CHECK-SAME: ptr addrspace(1) %p, float %v, i32 %old) [[ATTR]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i32 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT: cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEW]] syncscope("singlethread") seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p1.device.monotonic.volatile(
; CHECK-SAME: ptr addrspace(1) %p, double %v, i64 %old) [[ATTR]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i64 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i64 [[LOADED]], i64 {{%.*}}
; CHECK-NEXT: cmpxchg volatile ptr addrspace(1) %p, i64 [[LOADED]], i64 [[NEW]] syncscope("device") monotonic monotonic, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.acq_rel(
; CHECK-SAME: ptr addrspace(1) %p, float %v, i32 %old) [[ATTR]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i32 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT: cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEW]] acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p3.workgroup.seq_cst.volatile(
; CHECK-SAME: ptr addrspace(3) %p, double %v, i64 %old) [[ATTR]] {
; CHECK-NOT:  fence
; CHECK:      [[LOADED:%.*]] = phi i64 [ %old, %entry ]
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i64 [[LOADED]], i64 {{%.*}}
; CHECK-NEXT: cmpxchg volatile ptr addrspace(3) %p, i64 [[LOADED]], i64 [[NEW]] syncscope("workgroup") seq_cst seq_cst, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
; CHECK-NOT:  define
; CHECK:      attributes [[ATTR]] = { cold noinline nounwind }
