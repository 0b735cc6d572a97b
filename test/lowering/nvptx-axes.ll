; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; Every ordering with every operation, rotating through the types, address
; spaces, syncscopes, volatile and used/unused results so that each value of
; each axis meets each operation at least once. Checks: ordering, scope,
; volatile, address space and align on the atomics that replace the original,
; fences where the target needs them, and cmpxchg failure orderings
; (acq_rel->acquire, release->monotonic). At system scope the integer
; atomics the pass builds are inline PTX `atom.sys` (LLVM 22's NVPTX would
; emit an atomicrmw with no scope, i.e. .gpu), between the same fences; PTX
; atom has no volatile and no alignment operand, so those two are checked on
; the NaN repair's cmpxchg there. That cmpxchg loop is a function of its own,
; @fpa.nanrepair.<op>.f<bits>.p<as>[.<scope>].<ordering>[.volatile], after
; the sites' functions: each site is checked to call its function with its
; pointer, operand and the old value, and the function's cmpxchg for the
; site's ordering, scope, volatile, address space and align, unfenced.
; NVPTX, sm_90 with PTX 7.8 (fadd native for every type). Fences around
; singlethread-scoped atomics are not checked here: see nvptx-llc-singlethread.ll.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not='atomicrmw fsub'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fadd half, addrspace(0), monotonic, system scope, result used: the masked
; loop (the native 16-bit add would act at .gpu scope).
define half @fadd_monotonic_half_as0_system(ptr %p, half %v) {
; CHECK-LABEL: define half @fadd_monotonic_half_as0_system(
; CHECK-NOT:  atomicrmw
; CHECK:      load atomic i32, ptr {{%.*}} monotonic, align 4
; CHECK:      fadd half
; CHECK:      cmpxchg ptr {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK:      ret half %old
  %old = atomicrmw fadd ptr %p, half %v monotonic, align 2
  ret half %old
}

; fadd bfloat, addrspace(1), acquire, block scope, volatile, result unused.
define void @fadd_acquire_bfloat_as1_block_volatile_unused(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define void @fadd_acquire_bfloat_as1_block_volatile_unused(
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr addrspace(1) %p, bfloat %v syncscope("block") acquire, align 2
; CHECK-NEXT: fence syncscope("block") acquire
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fadd ptr addrspace(1) %p, bfloat %v syncscope("block") acquire, align 2
  ret void
}

; fadd float, addrspace(3), release, cluster scope, result used.
define float @fadd_release_float_as3_cluster(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_release_float_as3_cluster(
; CHECK-NEXT: fence syncscope("cluster") release
; CHECK-NEXT: %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("cluster") release, align 4
; CHECK-NEXT: ret float %old
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("cluster") release, align 4
  ret float %old
}

; fadd double, addrspace(0), acq_rel, device scope, volatile, result unused.
define void @fadd_acq_rel_double_as0_device_volatile_unused(ptr %p, double %v) {
; CHECK-LABEL: define void @fadd_acq_rel_double_as0_device_volatile_unused(
; CHECK-NEXT: fence syncscope("device") release
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr %p, double %v syncscope("device") acq_rel, align 8
; CHECK-NEXT: fence syncscope("device") acquire
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fadd ptr %p, double %v syncscope("device") acq_rel, align 8
  ret void
}

; fadd half, addrspace(1), seq_cst, singlethread scope, result used.
define half @fadd_seq_cst_half_as1_singlethread(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fadd_seq_cst_half_as1_singlethread(
; CHECK:      atomicrmw fadd ptr addrspace(1) %p, half {{%.*}} syncscope("singlethread") seq_cst, align 2
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("singlethread") seq_cst, align 2
  ret half %old
}

; fsub bfloat, addrspace(1), monotonic, cluster scope, volatile, result used.
define bfloat @fsub_monotonic_bfloat_as1_cluster_volatile(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_monotonic_bfloat_as1_cluster_volatile(
; CHECK-NEXT: [[NEG:%.*]] = fneg bfloat %v
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr addrspace(1) %p, bfloat [[NEG]] syncscope("cluster") monotonic, align 2
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fsub ptr addrspace(1) %p, bfloat %v syncscope("cluster") monotonic, align 2
  ret bfloat %old
}

; fsub float, addrspace(3), acquire, device scope, result unused.
define void @fsub_acquire_float_as3_device_unused(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define void @fsub_acquire_float_as3_device_unused(
; CHECK-NEXT: [[NEG:%.*]] = fneg float %v
; CHECK-NEXT: {{%.*}} = atomicrmw fadd ptr addrspace(3) %p, float [[NEG]] syncscope("device") acquire, align 4
; CHECK-NEXT: fence syncscope("device") acquire
; CHECK-NEXT: ret void
  %old = atomicrmw fsub ptr addrspace(3) %p, float %v syncscope("device") acquire, align 4
  ret void
}

; fsub double, addrspace(0), release, singlethread scope, volatile, result used.
define double @fsub_release_double_as0_singlethread_volatile(ptr %p, double %v) {
; CHECK-LABEL: define double @fsub_release_double_as0_singlethread_volatile(
; CHECK:      atomicrmw volatile fadd ptr %p, double {{%.*}} syncscope("singlethread") release, align 8
  %old = atomicrmw volatile fsub ptr %p, double %v syncscope("singlethread") release, align 8
  ret double %old
}

; fsub half, addrspace(1), acq_rel, system scope, result unused: the masked
; loop, its cmpxchg acq_rel (no fences).
define void @fsub_acq_rel_half_as1_system_unused(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define void @fsub_acq_rel_half_as1_system_unused(
; CHECK-NOT:  fence
; CHECK:      load atomic i32, ptr addrspace(1) {{%.*}} monotonic, align 4
; CHECK:      fsub half
; CHECK:      cmpxchg ptr addrspace(1) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      ret void
  %old = atomicrmw fsub ptr addrspace(1) %p, half %v acq_rel, align 2
  ret void
}

; fsub bfloat, addrspace(3), seq_cst, block scope, volatile, result used.
define bfloat @fsub_seq_cst_bfloat_as3_block_volatile(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_seq_cst_bfloat_as3_block_volatile(
; CHECK-NEXT: [[NEG:%.*]] = fneg bfloat %v
; CHECK-NEXT: fence syncscope("block") seq_cst
; CHECK-NEXT: %old = atomicrmw volatile fadd ptr addrspace(3) %p, bfloat [[NEG]] syncscope("block") seq_cst, align 2
; CHECK-NEXT: fence syncscope("block") acquire
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fsub ptr addrspace(3) %p, bfloat %v syncscope("block") seq_cst, align 2
  ret bfloat %old
}

; fmin float, addrspace(3), monotonic, singlethread scope, result used.
define float @fmin_monotonic_float_as3_singlethread(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fmin_monotonic_float_as3_singlethread(
; CHECK:      atomicrmw.pos:
; CHECK:      atomicrmw min ptr addrspace(3) %p, i32 {{%.*}} syncscope("singlethread") monotonic, align 4
; CHECK:      atomicrmw.neg:
; CHECK:      atomicrmw umax ptr addrspace(3) %p, i32 {{%.*}} syncscope("singlethread") monotonic, align 4
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i32 @fpa.nanrepair.fmin.f32.p3.singlethread.monotonic(ptr addrspace(3) %p, float {{%.*}}, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i32 {{%.*}} to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr addrspace(3) %p, float %v syncscope("singlethread") monotonic, align 4
  ret float %old
}

; fmin double, addrspace(0), acquire, system scope, volatile, result unused.
define void @fmin_acquire_double_as0_system_volatile_unused(ptr %p, double %v) {
; CHECK-LABEL: define void @fmin_acquire_double_as0_system_volatile_unused(
; CHECK-NOT:  fence
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: call i64 asm sideeffect "atom.sys.min.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr %p, i64 {{%.*}})
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: call i64 asm sideeffect "atom.sys.max.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr %p, i64 {{%.*}})
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NEXT: fence acquire
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i64 @fpa.nanrepair.fmin.f64.p0.acquire.volatile(ptr %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmin ptr %p, double %v acquire, align 8
  ret void
}

; fmin half, addrspace(1), release, block scope, result used.
define half @fmin_release_half_as1_block(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmin_release_half_as1_block(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] syncscope("block") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("block") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fmin ptr addrspace(1) %p, half %v syncscope("block") release, align 2
  ret half %old
}

; fmin bfloat, addrspace(3), acq_rel, cluster scope, volatile, result unused.
define void @fmin_acq_rel_bfloat_as3_cluster_volatile_unused(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define void @fmin_acq_rel_bfloat_as3_cluster_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("cluster") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw volatile fmin ptr addrspace(3) %p, bfloat %v syncscope("cluster") acq_rel, align 2
  ret void
}

; fmin float, addrspace(0), seq_cst, device scope, result used.
define float @fmin_seq_cst_float_as0_device(ptr %p, float %v) {
; CHECK-LABEL: define float @fmin_seq_cst_float_as0_device(
; CHECK:      fence syncscope("device") seq_cst
; CHECK-NEXT: br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw min ptr %p, i32 {{%.*}} syncscope("device") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw umax ptr %p, i32 {{%.*}} syncscope("device") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NEXT: fence syncscope("device") acquire
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i32 @fpa.nanrepair.fmin.f32.p0.device.seq_cst(ptr %p, float %v, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i32 {{%.*}} to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr %p, float %v syncscope("device") seq_cst, align 4
  ret float %old
}

; fmax double, addrspace(0), monotonic, block scope, volatile, result used.
define double @fmax_monotonic_double_as0_block_volatile(ptr %p, double %v) {
; CHECK-LABEL: define double @fmax_monotonic_double_as0_block_volatile(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw volatile max ptr %p, i64 {{%.*}} syncscope("block") monotonic, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw volatile umin ptr %p, i64 {{%.*}} syncscope("block") monotonic, align 8
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i64 @fpa.nanrepair.fmax.f64.p0.block.monotonic.volatile(ptr %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmax ptr %p, double %v syncscope("block") monotonic, align 8
  ret double %old
}

; fmax half, addrspace(1), acquire, cluster scope, result unused.
define void @fmax_acquire_half_as1_cluster_unused(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define void @fmax_acquire_half_as1_cluster_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] syncscope("cluster") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw fmax ptr addrspace(1) %p, half %v syncscope("cluster") acquire, align 2
  ret void
}

; fmax bfloat, addrspace(3), release, device scope, volatile, result used.
define bfloat @fmax_release_bfloat_as3_device_volatile(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmax_release_bfloat_as3_device_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmax ptr addrspace(3) %p, bfloat %v syncscope("device") release, align 2
  ret bfloat %old
}

; fmax float, addrspace(0), acq_rel, singlethread scope, result unused.
define void @fmax_acq_rel_float_as0_singlethread_unused(ptr %p, float %v) {
; CHECK-LABEL: define void @fmax_acq_rel_float_as0_singlethread_unused(
; CHECK:      atomicrmw.pos:
; CHECK:      atomicrmw max ptr %p, i32 {{%.*}} syncscope("singlethread") acq_rel, align 4
; CHECK:      atomicrmw.neg:
; CHECK:      atomicrmw umin ptr %p, i32 {{%.*}} syncscope("singlethread") acq_rel, align 4
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i32 @fpa.nanrepair.fmax.f32.p0.singlethread.acq_rel(ptr %p, float %v, i32 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmax ptr %p, float %v syncscope("singlethread") acq_rel, align 4
  ret void
}

; fmax double, addrspace(1), seq_cst, system scope, volatile, result used.
define double @fmax_seq_cst_double_as1_system_volatile(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_seq_cst_double_as1_system_volatile(
; CHECK:      fence seq_cst
; CHECK-NEXT: br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: call i64 asm sideeffect "atom.sys.global.max.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64 {{%.*}})
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: call i64 asm sideeffect "atom.sys.global.min.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64 {{%.*}})
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i64
; CHECK-NEXT: fence acquire
; CHECK-NOT:  fence
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: call i64 @fpa.nanrepair.fmax.f64.p1.seq_cst.volatile(ptr addrspace(1) %p, double %v, i64 [[OLD]])
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmax ptr addrspace(1) %p, double %v seq_cst, align 8
  ret double %old
}


; The NaN repair's functions, after all the functions above, in the order
; the sites first call them.
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p3.singlethread.monotonic(ptr addrspace(3) %p, float %v, i32 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("singlethread") monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p0.acquire.volatile(ptr %p, double %v, i64 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg volatile ptr %p, i64 {{%.*}}, i64 {{%.*}} acquire acquire, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p0.device.seq_cst(ptr %p, float %v, i32 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p0.block.monotonic.volatile(ptr %p, double %v, i64 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg volatile ptr %p, i64 {{%.*}}, i64 {{%.*}} syncscope("block") monotonic monotonic, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p0.singlethread.acq_rel(ptr %p, float %v, i32 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p1.seq_cst.volatile(ptr addrspace(1) %p, double %v, i64 %old)
; CHECK-NOT:  fence
; CHECK:      cmpxchg volatile ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} seq_cst seq_cst, align 8
; CHECK-NOT:  fence
; CHECK:      ret i64
