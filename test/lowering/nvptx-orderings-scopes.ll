; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; Orderings and syncscopes on NVPTX. LLVM 22 NVPTX emits a native atomicrmw
; with no ordering, so the integer atomics of the trick, a kept native fadd
; and the native add of the guarded f32 fadd (global and generic memory)
; get a leading fence (release; seq_cst for seq_cst) and a trailing fence
; (acquire, for seq_cst too: PTX maps a seq_cst read-modify-write to fence.sc
; then an acquire atom) in the same scope. The trick's two integer atomics
; share one leading fence, before the sign branch, and one trailing fence,
; after their join. cmpxchg loops, the
; guarded fadd's loop for tiny operands among them, keep the ordering on the
; cmpxchg (failure: acq_rel->acquire, release->monotonic) and get no fences.
; The trick's NaN repair loop is a function of its own after the sites'
; functions, @fpa.nanrepair.<op>.f<bits>.p<as>[.<scope>].<ordering>[.volatile]:
; the site calls it with no fence around the call, and its cmpxchg carries
; the site's ordering and scope, with no fence in the function either.
; monotonic gets no fence at all.
; .cluster fences need sm_90; below it they widen to device scope.
; At system scope from sm_60 (the SM90 run) the read-modify-writes the pass
; builds are inline PTX `atom.sys` between the same fences; from sm_70 a
; lone atom carries the acquire itself (`atom.acquire.sys`).
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --check-prefixes=CHECK,PRE90
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -S %s | %FileCheck %s --check-prefixes=SM90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float monotonic, system scope: no fences, no syncscope.
define float @fmin_monotonic_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_monotonic_system(
; CHECK-NOT:   fence
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:  atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; CHECK-NEXT:  br label
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:  atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; CHECK-NEXT:  br label
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i32
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; CHECK-NOT:   fence
; CHECK:       ret float
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmin float acquire, block scope: trailing acquire fence only; the repair
; function's cmpxchg acquire/acquire in block scope, unfenced.
define float @fmin_acquire_block(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_acquire_block(
; CHECK-NOT:   fence
; CHECK:       br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:  atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} syncscope("block") acquire, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:  atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} syncscope("block") acquire, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i32
; CHECK-NEXT:  fence syncscope("block") acquire
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i32 @fpa.nanrepair.fmin.f32.p1.block.acquire(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; CHECK-NOT:   fence
; CHECK:       ret float
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("block") acquire, align 4
  ret float %old
}

; fmax float release, cluster scope: leading release fence only; the repair
; function's cmpxchg release/monotonic in cluster scope.
define float @fmax_release_cluster(ptr %p, float %v) {
; SM90-LABEL: define float @fmax_release_cluster(
; SM90:       fence syncscope("cluster") release
; SM90-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; SM90:       atomicrmw.pos:
; SM90-NEXT:  atomicrmw max ptr %p, i32 {{%.*}} syncscope("cluster") release, align 4
; SM90:       atomicrmw.neg:
; SM90-NEXT:  atomicrmw umin ptr %p, i32 {{%.*}} syncscope("cluster") release, align 4
; SM90-NOT:   fence
; SM90:       call i32 @fpa.nanrepair.fmax.f32.p0.cluster.release(ptr %p, float %v, i32 {{%.*}})
; SM90-NOT:   fence
; SM90:       ret float
; CHECK-LABEL: define float @fmax_release_cluster(
; PRE90:       fence syncscope("device") release
; PRE90-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:  atomicrmw max ptr %p, i32 {{%.*}} syncscope("cluster") release, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:  atomicrmw umin ptr %p, i32 {{%.*}} syncscope("cluster") release, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i32
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i32 @fpa.nanrepair.fmax.f32.p0.cluster.release(ptr %p, float %v, i32 [[OLD]])
; CHECK-NOT:   fence
; CHECK:       ret float
  %old = atomicrmw fmax ptr %p, float %v syncscope("cluster") release, align 4
  ret float %old
}

; fmax double acq_rel, device scope: release fence before, acquire fence after;
; the repair function's cmpxchg acq_rel/acquire in device scope.
define double @fmax_acq_rel_device(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_acq_rel_device(
; CHECK:       fence syncscope("device") release
; CHECK-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:  atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") acq_rel, align 8
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:  atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") acq_rel, align 8
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i64
; CHECK-NEXT:  fence syncscope("device") acquire
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i64 @fpa.nanrepair.fmax.f64.p1.device.acq_rel(ptr addrspace(1) %p, double %v, i64 [[OLD]])
; CHECK-NOT:   fence
; CHECK:       ret double
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v syncscope("device") acq_rel, align 8
  ret double %old
}

; fmin double seq_cst, singlethread scope, volatile: the integer atomics keep scope and ordering.
; Fences in singlethread scope are not checked: LLVM 22 NVPTX rejects the ones
; the pass emits today (nvptx-llc-singlethread.ll, XFAIL).
define void @fmin_seq_cst_singlethread(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define void @fmin_seq_cst_singlethread(
; CHECK:       atomicrmw.pos:
; CHECK:       atomicrmw volatile min ptr addrspace(3) %p, i64 {{%.*}} syncscope("singlethread") seq_cst, align 8
; CHECK:       atomicrmw.neg:
; CHECK:       atomicrmw volatile umax ptr addrspace(3) %p, i64 {{%.*}} syncscope("singlethread") seq_cst, align 8
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i64
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i64 @fpa.nanrepair.fmin.f64.p3.singlethread.seq_cst.volatile(ptr addrspace(3) %p, double %v, i64 [[OLD]])
; CHECK-NOT:   fence
; CHECK:       ret void
  %old = atomicrmw volatile fmin ptr addrspace(3) %p, double %v syncscope("singlethread") seq_cst, align 8
  ret void
}

; fmax float seq_cst, system scope: fences have no syncscope either; from
; sm_60 the integer atomics are relaxed atom.sys between the same fences.
define float @fmax_seq_cst_system(ptr addrspace(1) %p, float %v) {
; SM90-LABEL: define float @fmax_seq_cst_system(
; SM90:       fence seq_cst
; SM90-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; SM90:       atomicrmw.pos:
; SM90-NEXT:  call i32 asm sideeffect "atom.sys.global.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; SM90-NEXT:  br label %atomicrmw.join
; SM90:       atomicrmw.neg:
; SM90-NEXT:  call i32 asm sideeffect "atom.sys.global.min.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; SM90-NEXT:  br label %atomicrmw.join
; SM90:       atomicrmw.join:
; SM90-NEXT:  [[OLD:%.*]] = phi i32
; SM90-NEXT:  fence acquire
; SM90-NOT:   fence
; SM90:       atomicrmw.nanrepair:
; SM90-NEXT:  call i32 @fpa.nanrepair.fmax.f32.p1.seq_cst(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; SM90-NOT:   fence
; SM90:       ret float
; CHECK-LABEL: define float @fmax_seq_cst_system(
; CHECK:       fence seq_cst
; CHECK-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:  atomicrmw max ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:  atomicrmw umin ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4
; CHECK-NEXT:  br label %atomicrmw.join
; CHECK:       atomicrmw.join:
; CHECK-NEXT:  [[OLD:%.*]] = phi i32
; CHECK-NEXT:  fence acquire
; CHECK-NOT:   fence
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  call i32 @fpa.nanrepair.fmax.f32.p1.seq_cst(ptr addrspace(1) %p, float %v, i32 [[OLD]])
  %old = atomicrmw fmax ptr addrspace(1) %p, float %v seq_cst, align 4
  ret float %old
}

; Native fadd float, shared memory, monotonic, block scope: untouched, unfenced.
define float @fadd_monotonic_block_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_monotonic_block_shared(
; CHECK-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; Guarded fadd float, global, monotonic, block scope: the native add and the
; loop's load and cmpxchg in block scope, no fence.
define float @fadd_monotonic_block(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_monotonic_block(
; CHECK-NOT:   fence
; CHECK:       br i1 {{%.*}}, label %atomicrmw.native, label %atomicrmw.tiny
; CHECK:       atomicrmw.native:
; CHECK-NEXT:  atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("block") monotonic, align 4
; CHECK-NEXT:  bitcast float
; CHECK-NEXT:  br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:  load atomic i32, ptr addrspace(1) %p syncscope("block") monotonic, align 4
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("block") monotonic monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; Native fadd float, shared memory, acquire, cluster scope: trailing acquire fence.
define float @fadd_acquire_cluster_shared(ptr addrspace(3) %p, float %v) {
; SM90-LABEL: define float @fadd_acquire_cluster_shared(
; SM90-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("cluster") acquire, align 4
; SM90-NEXT:  fence syncscope("cluster") acquire
; SM90-NEXT:  ret float %old
; CHECK-LABEL: define float @fadd_acquire_cluster_shared(
; CHECK-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("cluster") acquire, align 4
; PRE90-NEXT:  fence syncscope("device") acquire
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("cluster") acquire, align 4
  ret float %old
}

; Guarded fadd float, global, acquire, cluster scope: trailing acquire fence
; after the native add only; the loop's cmpxchg is acquire/acquire.
define float @fadd_acquire_cluster(ptr addrspace(1) %p, float %v) {
; SM90-LABEL: define float @fadd_acquire_cluster(
; SM90:       atomicrmw.native:
; SM90-NEXT:  atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("cluster") acquire, align 4
; SM90-NEXT:  fence syncscope("cluster") acquire
; SM90-NEXT:  bitcast float
; SM90-NEXT:  br label %atomicrmw.end
; SM90:       atomicrmw.tiny:
; SM90-NEXT:  load atomic i32, ptr addrspace(1) %p syncscope("cluster") monotonic, align 4
; SM90-NOT:   fence
; SM90:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") acquire acquire, align 4
; SM90-NOT:   fence
; SM90:       ret float %old
; CHECK-LABEL: define float @fadd_acquire_cluster(
; CHECK-NOT:   fence
; CHECK:       atomicrmw.native:
; CHECK-NEXT:  atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("cluster") acquire, align 4
; PRE90-NEXT:  fence syncscope("device") acquire
; CHECK-NEXT:  bitcast float
; CHECK-NEXT:  br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:  load atomic i32, ptr addrspace(1) %p syncscope("cluster") monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") acquire acquire, align 4
; CHECK-NOT:   fence
; CHECK:       ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("cluster") acquire, align 4
  ret float %old
}

; Guarded fadd float, generic, release, device scope, volatile, unused:
; leading release fence before the native add; the loop's cmpxchg is
; volatile release/monotonic.
define void @fadd_release_device(ptr %p, float %v) {
; CHECK-LABEL: define void @fadd_release_device(
; CHECK-NOT:   fence
; CHECK:       atomicrmw.native:
; CHECK-NEXT:  fence syncscope("device") release
; CHECK-NEXT:  atomicrmw volatile fadd ptr %p, float %v syncscope("device") release, align 4
; CHECK-NEXT:  br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:  load atomic volatile i32, ptr %p syncscope("device") monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") release monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       ret void
  %old = atomicrmw volatile fadd ptr %p, float %v syncscope("device") release, align 4
  ret void
}

; Native fadd float, acq_rel, singlethread scope: kept (its fences: see nvptx-llc-singlethread.ll).
define float @fadd_acq_rel_singlethread(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_acq_rel_singlethread(
; CHECK:       %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("singlethread") acq_rel, align 4
; CHECK:       ret float %old
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("singlethread") acq_rel, align 4
  ret float %old
}

; Guarded fadd float, global, seq_cst, system scope: a seq_cst fence before
; the native add and an acquire fence after it (from sm_70 one
; atom.acquire.sys.global.add.f32 in place of the add and that fence), a
; seq_cst cmpxchg in the loop.
define float @fadd_seq_cst_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_seq_cst_system(
; CHECK-NOT:   fence
; CHECK:       atomicrmw.native:
; CHECK-NEXT:  fence seq_cst
; CHECK-NEXT:  atomicrmw fadd ptr addrspace(1) %p, float %v seq_cst, align 4
; CHECK-NEXT:  fence acquire
; CHECK-NEXT:  bitcast float
; CHECK-NEXT:  br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:  load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-NOT:   fence
; CHECK:       ret float %old
; SM90-LABEL: define float @fadd_seq_cst_system(
; SM90:       atomicrmw.native:
; SM90-NEXT:  fence seq_cst
; SM90-NEXT:  call float asm sideeffect "atom.acquire.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float %v)
; SM90-NOT:   fence
; SM90:       atomicrmw.tiny:
; SM90-NOT:   fence
; SM90:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; SM90-NOT:   fence
; SM90:       ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v seq_cst, align 4
  ret float %old
}

; fsub float in shared memory as fadd of fneg, acq_rel, block scope: fenced like a native fadd.
define float @fsub_neg_acq_rel_block(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fsub_neg_acq_rel_block(
; CHECK-NEXT:  [[NEG:%.*]] = fneg float %v
; CHECK-NEXT:  fence syncscope("block") release
; CHECK-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float [[NEG]] syncscope("block") acq_rel, align 4
; CHECK-NEXT:  fence syncscope("block") acquire
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fsub ptr addrspace(3) %p, float %v syncscope("block") acq_rel, align 4
  ret float %old
}

; fadd double before sm_60 (a loop), monotonic, device scope: the initial load and cmpxchg carry the scope.
define double @loop_monotonic_device(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @loop_monotonic_device(
; CHECK-NOT:   fence
; CHECK:       load atomic i64, ptr addrspace(1) %p syncscope("device") monotonic, align 8
; CHECK:       cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") monotonic monotonic, align 8
; CHECK-NOT:   fence
; CHECK:       ret double
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret double %old
}

; Loop, acquire, system scope.
define double @loop_acquire_system(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @loop_acquire_system(
; CHECK-NOT:   fence
; CHECK:       load atomic i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:       cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} acquire acquire, align 8
; CHECK-NOT:   fence
; CHECK:       ret double
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v acquire, align 8
  ret double %old
}

; Loop, release, singlethread scope: failure ordering monotonic.
define double @loop_release_singlethread(ptr %p, double %v) {
; CHECK-LABEL: define double @loop_release_singlethread(
; CHECK-NOT:   fence
; CHECK:       load atomic i64, ptr %p{{.*}} monotonic, align 8
; CHECK:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} release monotonic, align 8
; CHECK-NOT:   fence
; CHECK:       ret double
  %old = atomicrmw fadd ptr %p, double %v syncscope("singlethread") release, align 8
  ret double %old
}

; Loop, acq_rel, cluster scope: failure ordering acquire.
define double @loop_acq_rel_cluster(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define double @loop_acq_rel_cluster(
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(3) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("cluster") acq_rel acquire, align 8
; CHECK-NOT:   fence
; CHECK:       ret double
  %old = atomicrmw fadd ptr addrspace(3) %p, double %v syncscope("cluster") acq_rel, align 8
  ret double %old
}

; Masked loop (half fmax), seq_cst, block scope, volatile.
define half @loop_seq_cst_block(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @loop_seq_cst_block(
; CHECK-NOT:   fence
; CHECK:       load atomic volatile i32, ptr addrspace(1) {{%.*}} syncscope("block") monotonic, align 4
; CHECK:       cmpxchg volatile ptr addrspace(1) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("block") seq_cst seq_cst, align 4
; CHECK-NOT:   fence
; CHECK:       ret half
  %old = atomicrmw volatile fmax ptr addrspace(1) %p, half %v syncscope("block") seq_cst, align 2
  ret half %old
}

; The NaN repair's loops, after all the functions above, in the order the
; sites first call them: the cmpxchg with the site's ordering (failure
; ordering as for the loops above), scope and volatile, and no fence.
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) %p, float %v, i32 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       ret i32
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.block.acquire(ptr addrspace(1) %p, float %v, i32 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("block") acquire acquire, align 4
; CHECK-NOT:   fence
; CHECK:       ret i32
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p0.cluster.release(ptr %p, float %v, i32 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") release monotonic, align 4
; CHECK-NOT:   fence
; CHECK:       ret i32
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p1.device.acq_rel(ptr addrspace(1) %p, double %v, i64 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") acq_rel acquire, align 8
; CHECK-NOT:   fence
; CHECK:       ret i64
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p3.singlethread.seq_cst.volatile(ptr addrspace(3) %p, double %v, i64 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg volatile ptr addrspace(3) %p, i64 {{%.*}}, i64 {{%.*}} seq_cst seq_cst, align 8
; CHECK-NOT:   fence
; CHECK:       ret i64
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.seq_cst(ptr addrspace(1) %p, float %v, i32 %old)
; CHECK-NOT:   fence
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-NOT:   fence
; CHECK:       ret i32
; SM90-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p0.cluster.release(ptr %p, float %v, i32 %old)
; SM90-NOT:   fence
; SM90:       cmpxchg ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") release monotonic, align 4
; SM90-NOT:   fence
; SM90:       ret i32
; SM90-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.seq_cst(ptr addrspace(1) %p, float %v, i32 %old)
; SM90-NOT:   fence
; SM90:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; SM90-NOT:   fence
; SM90:       ret i32
