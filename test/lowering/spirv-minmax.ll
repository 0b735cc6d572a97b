; fmin/fmax for SPIR/SPIR-V: float/double by the integer sign-bit trick with
; NaN repair (OpAtomicSMin/UMax are core; the repair's cmpxchg loop is a call
; to a shared @fpa.nanrepair.* function defined at the end of the module),
; half/bfloat by a masked cmpxchg loop on the 32-bit word (no 16-bit
; cmpxchg); never any fence, whatever the ordering; every syncscope name
; carried over unchanged.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence
; RUN: sed -e 's/spirv64-unknown-unknown/spir64-unknown-unknown/' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence
; RUN: sed -e 's/spirv64-unknown-unknown/spirv64-unknown-opencl/' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence
; The float add extensions do not concern min/max; the min_max extension
; is accepted but the exact lowering is still used.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence
; NVPTX options have no effect on SPIR-V.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=84>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; fmin float, global, seq_cst, workgroup: the trick with no fences; repair cmpxchg seq_cst/seq_cst in the same scope.
define float @fmin_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_f32_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], float [[V:%.*]])
; CHECK:      [[VB:%.*]] = bitcast float [[V]] to i32
; CHECK-NEXT: [[MAG:%.*]] = and i32 [[VB]], 2147483647
; CHECK-NEXT: [[ISNAN:%.*]] = icmp ugt i32 [[MAG]], 2139095040
; CHECK-NEXT: [[POSOP:%.*]] = select i1 [[ISNAN]], i32 2147483647, i32 [[VB]]
; CHECK-NEXT: [[NEGOP:%.*]] = select i1 [[ISNAN]], i32 0, i32 [[VB]]
; CHECK-NEXT: [[SIGN:%.*]] = icmp slt i32 [[VB]], 0
; CHECK-NEXT: br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: [[OLDPOS:%.*]] = atomicrmw min ptr addrspace(1) [[P]], i32 [[POSOP]] syncscope("workgroup") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: [[OLDNEG:%.*]] = atomicrmw umax ptr addrspace(1) [[P]], i32 [[NEGOP]] syncscope("workgroup") seq_cst, align 4
; CHECK-NEXT: br label %atomicrmw.join
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; CHECK-NEXT: [[STICKY:%.*]] = icmp ugt i32 [[OLD]], -8388608
; CHECK-NEXT: [[NOTNAN:%.*]] = xor i1 [[ISNAN]], true
; CHECK-NEXT: [[REP:%.*]] = and i1 [[STICKY]], [[NOTNAN]]
; CHECK-NEXT: br i1 [[REP]], label %atomicrmw.nanrepair, label %atomicrmw.end
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.workgroup.seq_cst(ptr addrspace(1) [[P]], float [[V]], i32 [[OLD]])
; CHECK-NEXT: br label %atomicrmw.end
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i32 [[RES]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
  ret float %old
}

; fmax float, local (3), acq_rel, device: max/umin, INT_MIN/all-ones identities, positive-NaN repair; repair cmpxchg acq_rel/acquire.
define float @fmax_f32_local(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fmax_f32_local(
; CHECK:      [[VB:%.*]] = bitcast float %v to i32
; CHECK:      [[ISNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; CHECK-NEXT: [[POSOP:%.*]] = select i1 [[ISNAN]], i32 -2147483648, i32 [[VB]]
; CHECK-NEXT: [[NEGOP:%.*]] = select i1 [[ISNAN]], i32 -1, i32 [[VB]]
; CHECK-NEXT: [[SIGN:%.*]] = icmp slt i32 [[VB]], 0
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw max ptr addrspace(3) %p, i32 [[POSOP]] syncscope("device") acq_rel, align 4
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw umin ptr addrspace(3) %p, i32 [[NEGOP]] syncscope("device") acq_rel, align 4
; CHECK:      atomicrmw.join:
; CHECK-NEXT: [[OLD:%.*]] = phi i32
; CHECK-NEXT: icmp sgt i32 [[OLD]], 2139095040
; CHECK:      atomicrmw.nanrepair:
; CHECK-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmax.f32.p3.device.acq_rel(ptr addrspace(3) %p, float %v, i32 [[OLD]])
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i32 [[RES]] to float
  %old = atomicrmw fmax ptr addrspace(3) %p, float %v syncscope("device") acq_rel, align 4
  ret float %old
}

; fmin double, generic (4), release, subgroup, volatile, unused: 64-bit trick; repair cmpxchg release/monotonic.
define void @fmin_f64_generic(ptr addrspace(4) %p, double %v) {
; CHECK-LABEL: define void @fmin_f64_generic(
; CHECK:      [[VB:%.*]] = bitcast double %v to i64
; CHECK:      select i1 [[ISNAN:%.*]], i64 9223372036854775807, i64 [[VB]]
; CHECK-NEXT: select i1 [[ISNAN]], i64 0, i64 [[VB]]
; CHECK-NEXT: icmp slt i64 [[VB]], 0
; CHECK:      atomicrmw volatile min ptr addrspace(4) %p, i64 {{%.*}} syncscope("subgroup") release, align 8
; CHECK:      atomicrmw volatile umax ptr addrspace(4) %p, i64 {{%.*}} syncscope("subgroup") release, align 8
; CHECK:      [[OLD:%.*]] = phi i64
; CHECK-NEXT: icmp ugt i64 [[OLD]], -4503599627370496
; CHECK:      call i64 @fpa.nanrepair.fmin.f64.p4.subgroup.release.volatile(ptr addrspace(4) %p, double %v, i64 [[OLD]])
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmin ptr addrspace(4) %p, double %v syncscope("subgroup") release, align 8
  ret void
}

; fmax double, global, acquire, singlethread.
define double @fmax_f64_global(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_f64_global(
; CHECK:      select i1 [[ISNAN:%.*]], i64 -9223372036854775808, i64
; CHECK-NEXT: select i1 [[ISNAN]], i64 -1, i64
; CHECK:      atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} syncscope("singlethread") acquire, align 8
; CHECK:      atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("singlethread") acquire, align 8
; CHECK:      [[OLD:%.*]] = phi i64
; CHECK-NEXT: icmp sgt i64 [[OLD]], 9218868437227405312
; CHECK:      [[FIXED:%.*]] = call i64 @fpa.nanrepair.fmax.f64.p1.singlethread.acquire(ptr addrspace(1) %p, double %v, i64 [[OLD]])
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i64 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; CHECK-NEXT: %old = bitcast i64 [[RES]] to double
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v syncscope("singlethread") acquire, align 8
  ret double %old
}

; fmin float, generic, monotonic, system scope (""), unused.
define void @fmin_f32_generic_system(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define void @fmin_f32_generic_system(
; CHECK:      atomicrmw min ptr addrspace(4) %p, i32 {{%.*}} monotonic, align 4
; CHECK:      atomicrmw umax ptr addrspace(4) %p, i32 {{%.*}} monotonic, align 4
; CHECK:      call i32 @fpa.nanrepair.fmin.f32.p4.monotonic(ptr addrspace(4) %p, float %v, i32 {{%.*}})
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmin ptr addrspace(4) %p, float %v monotonic, align 4
  ret void
}

; fmin half, global, workgroup: masked loop, ptrtoint to i64, minnum on i16 bits with half NaN bound.
define half @fmin_f16_global(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmin_f16_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], half [[V:%.*]])
; CHECK-NOT:  = atomicrmw
; CHECK:      [[ADDR:%.*]] = ptrtoint ptr addrspace(1) [[P]] to i64
; CHECK-NEXT: [[OFF:%.*]] = and i64 [[ADDR]], 3
; CHECK-NEXT: [[NEGOFF:%.*]] = sub i64 0, [[OFF]]
; CHECK-NEXT: [[WORD:%.*]] = getelementptr i8, ptr addrspace(1) [[P]], i64 [[NEGOFF]]
; CHECK-NEXT: [[OFF32:%.*]] = trunc i64 [[OFF]] to i32
; CHECK-NEXT: [[SHIFT:%.*]] = shl i32 [[OFF32]], 3
; CHECK-NEXT: [[MASK:%.*]] = shl i32 65535, [[SHIFT]]
; CHECK-NEXT: [[INV:%.*]] = xor i32 [[MASK]], -1
; CHECK-NEXT: [[INIT:%.*]] = load atomic i32, ptr addrspace(1) [[WORD]] syncscope("workgroup") monotonic, align 4
; CHECK:      atomicrmw.start:
; CHECK-NEXT: [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK-NEXT: lshr i32 [[LOADED]], [[SHIFT]]
; CHECK:      icmp ult i16
; CHECK:      icmp ugt i16 {{%.*}}, 31744
; CHECK:      [[KEEP:%.*]] = and i32 [[LOADED]], [[INV]]
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 [[LOADED]], i32 {{%.*}} syncscope("workgroup") monotonic monotonic, align 4
; CHECK:      %old = bitcast i16 {{%.*}} to half
  %old = atomicrmw fmin ptr addrspace(1) %p, half %v syncscope("workgroup") monotonic, align 2
  ret half %old
}

; fmax half, local, seq_cst, subgroup, volatile, unused.
define void @fmax_f16_local(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmax_f16_local(
; CHECK-NOT:  = atomicrmw
; CHECK:      ptrtoint ptr addrspace(3) %p to
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%.*]] syncscope("subgroup") monotonic, align 4
; CHECK:      icmp ugt i16
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") seq_cst seq_cst, align 4
; CHECK:      ret void
  %old = atomicrmw volatile fmax ptr addrspace(3) %p, half %v syncscope("subgroup") seq_cst, align 2
  ret void
}

; fmin bfloat, generic, acq_rel, device: bfloat NaN bound 0x7f80.
define bfloat @fmin_bf16_generic(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmin_bf16_generic(
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(4) [[WORD:%.*]] syncscope("device") monotonic, align 4
; CHECK:      icmp ult i16
; CHECK:      icmp ugt i16 {{%.*}}, 32640
; CHECK:      cmpxchg ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") acq_rel acquire, align 4
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmin ptr addrspace(4) %p, bfloat %v syncscope("device") acq_rel, align 2
  ret bfloat %old
}

; fmax bfloat, global, release, singlethread, align 4 (no address arithmetic).
define bfloat @fmax_bf16_global(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmax_bf16_global(
; CHECK-NOT:  ptrtoint
; The first guess is read at system scope (NVPTX has no thread-scope load).
; CHECK:      load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK:      icmp ugt i16
; CHECK:      icmp ugt i16 {{%.*}}, 32640
; CHECK:      cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("singlethread") release monotonic, align 4
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmax ptr addrspace(1) %p, bfloat %v syncscope("singlethread") release, align 4
  ret bfloat %old
}

; fmax half, global, acquire, system scope.
define half @fmax_f16_global_system(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmax_f16_global_system(
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%.*]] monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} acquire acquire, align 4
  %old = atomicrmw fmax ptr addrspace(1) %p, half %v acquire, align 2
  ret half %old
}

; fmin bfloat, local, workgroup, unused.
define void @fmin_bf16_local(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define void @fmin_bf16_local(
; CHECK:      cmpxchg ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") monotonic monotonic, align 4
; CHECK:      ret void
  %old = atomicrmw fmin ptr addrspace(3) %p, bfloat %v syncscope("workgroup") monotonic, align 2
  ret void
}

; fmax float, global, seq_cst, system, volatile: trick, still no fence on SPIR-V.
define float @fmax_f32_seq_cst(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmax_f32_seq_cst(
; CHECK:      atomicrmw.pos:
; CHECK-NEXT: atomicrmw volatile max ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4
; CHECK-NEXT: br label
; CHECK:      atomicrmw.neg:
; CHECK-NEXT: atomicrmw volatile umin ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4
; CHECK-NEXT: br label
; CHECK:      [[OLD:%.*]] = phi i32
; CHECK:      [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmax.f32.p1.seq_cst.volatile(ptr addrspace(1) %p, float %v, i32 [[OLD]])
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
  %old = atomicrmw volatile fmax ptr addrspace(1) %p, float %v seq_cst, align 4
  ret float %old
}

; The NaN repair's cmpxchg loops, one function per kind of float/double site
; above, in the order the sites first need them (the halves and bfloats
; need none): each keeps the site's ordering (failure ordering
; acq_rel->acquire, release->monotonic), syncscope, volatile, address space
; and align; only the monotonic non-volatile one may end without cmpxchg
; when the update leaves memory as it is.
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.workgroup.seq_cst(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], float [[V:%.*]], i32 [[OLD:%.*]]) [[ATTR:#[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[VB:%.*]] = bitcast float [[V]] to i32
; CHECK-NEXT: br label %atomicrmw.start
; CHECK:      atomicrmw.start:
; CHECK-NEXT: [[LOADED:%.*]] = phi i32 [ [[OLD]], %entry ], [ [[NEWLOADED:%.*]], %atomicrmw.start ]
; CHECK:      icmp ult i32
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT: [[PAIR:%.*]] = cmpxchg ptr addrspace(1) [[P]], i32 [[LOADED]], i32 [[NEW]] syncscope("workgroup") seq_cst seq_cst, align 4
; CHECK-NEXT: [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK-NEXT: [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT: br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[RET:%.*]] = phi i32 [ [[LOADED]], %atomicrmw.start ]
; CHECK-NEXT: ret i32 [[RET]]
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p3.device.acq_rel(
; CHECK-SAME: ptr addrspace(3) %p, float %v, i32 %old) [[ATTR]] {
; CHECK:      icmp ugt i32
; CHECK:      cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") acq_rel acquire, align 4
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p4.subgroup.release.volatile(
; CHECK-SAME: ptr addrspace(4) %p, double %v, i64 %old) [[ATTR]] {
; CHECK:      icmp ult i64
; CHECK:      cmpxchg volatile ptr addrspace(4) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("subgroup") release monotonic, align 8
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p1.singlethread.acquire(
; CHECK-SAME: ptr addrspace(1) %p, double %v, i64 %old) [[ATTR]] {
; CHECK:      icmp ugt i64
; CHECK:      cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("singlethread") acquire acquire, align 8
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p4.monotonic(
; CHECK-SAME: ptr addrspace(4) %p, float %v, i32 %old) [[ATTR]] {
; CHECK:      [[LOADED:%.*]] = phi i32 [ %old, %entry ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK:      icmp ult i32
; CHECK:      [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT: [[SAME:%.*]] = icmp eq i32 [[NEW]], [[LOADED]]
; CHECK-NEXT: br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; CHECK:      atomicrmw.cas:
; CHECK-NEXT: [[PAIR:%.*]] = cmpxchg ptr addrspace(4) %p, i32 [[LOADED]], i32 [[NEW]] monotonic monotonic, align 4
; CHECK-NEXT: [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.seq_cst.volatile(
; CHECK-SAME: ptr addrspace(1) %p, float %v, i32 %old) [[ATTR]] {
; CHECK:      icmp ugt i32
; CHECK:      cmpxchg volatile ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-NOT:  define
; CHECK:      attributes [[ATTR]] = { cold noinline nounwind }
