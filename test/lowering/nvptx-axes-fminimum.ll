; REQUIRES: fminimum
; Every ordering with every operation, rotating through the types, address
; spaces, syncscopes, volatile and used/unused results so that each value of
; each axis meets each operation at least once. Checks: ordering, scope,
; volatile, address space and align on the atomics that replace the original,
; fences where the target needs them, and cmpxchg failure orderings
; (acq_rel->acquire, release->monotonic).
; NVPTX fminimum/fmaximum: always cmpxchg loops by default, never fenced.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fminimum half, addrspace(0), monotonic, system scope, result used.
define half @fminimum_monotonic_half_as0_system(ptr %p, half %v) {
; CHECK-LABEL: define half @fminimum_monotonic_half_as0_system(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr [[WORD:%[a-z0-9._]+]] monotonic, align 4
; CHECK:      cmpxchg ptr [[WORD]], i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fminimum ptr %p, half %v monotonic, align 2
  ret half %old
}

; fminimum bfloat, addrspace(1), acquire, block scope, volatile, result unused.
define void @fminimum_acquire_bfloat_as1_block_volatile_unused(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define void @fminimum_acquire_bfloat_as1_block_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] syncscope("block") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("block") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw volatile fminimum ptr addrspace(1) %p, bfloat %v syncscope("block") acquire, align 2
  ret void
}

; fminimum float, addrspace(3), release, cluster scope, result used.
define float @fminimum_release_float_as3_cluster(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fminimum_release_float_as3_cluster(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) %p syncscope("cluster") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i32 {{%.*}} to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fminimum ptr addrspace(3) %p, float %v syncscope("cluster") release, align 4
  ret float %old
}

; fminimum double, addrspace(0), acq_rel, device scope, volatile, result unused.
define void @fminimum_acq_rel_double_as0_device_volatile_unused(ptr %p, double %v) {
; CHECK-LABEL: define void @fminimum_acq_rel_double_as0_device_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i64, ptr %p syncscope("device") monotonic, align 8
; CHECK:      cmpxchg volatile ptr %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") acq_rel acquire, align 8
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fminimum ptr %p, double %v syncscope("device") acq_rel, align 8
  ret void
}

; fminimum half, addrspace(1), seq_cst, singlethread scope, result used.
define half @fminimum_seq_cst_half_as1_singlethread(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fminimum_seq_cst_half_as1_singlethread(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]]{{.*}} monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fminimum ptr addrspace(1) %p, half %v syncscope("singlethread") seq_cst, align 2
  ret half %old
}

; fmaximum bfloat, addrspace(1), monotonic, cluster scope, volatile, result used.
define bfloat @fmaximum_monotonic_bfloat_as1_cluster_volatile(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_monotonic_bfloat_as1_cluster_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] syncscope("cluster") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmaximum ptr addrspace(1) %p, bfloat %v syncscope("cluster") monotonic, align 2
  ret bfloat %old
}

; fmaximum float, addrspace(3), acquire, device scope, result unused.
define void @fmaximum_acquire_float_as3_device_unused(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define void @fmaximum_acquire_float_as3_device_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) %p syncscope("device") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmaximum ptr addrspace(3) %p, float %v syncscope("device") acquire, align 4
  ret void
}

; fmaximum double, addrspace(0), release, singlethread scope, volatile, result used.
define double @fmaximum_release_double_as0_singlethread_volatile(ptr %p, double %v) {
; CHECK-LABEL: define double @fmaximum_release_double_as0_singlethread_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i64, ptr %p{{.*}} monotonic, align 8
; CHECK:      cmpxchg volatile ptr %p, i64 {{%.*}}, i64 {{%.*}} release monotonic, align 8
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmaximum ptr %p, double %v syncscope("singlethread") release, align 8
  ret double %old
}

; fmaximum half, addrspace(1), acq_rel, system scope, result unused.
define void @fmaximum_acq_rel_half_as1_system_unused(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define void @fmaximum_acq_rel_half_as1_system_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw fmaximum ptr addrspace(1) %p, half %v acq_rel, align 2
  ret void
}

; fmaximum bfloat, addrspace(3), seq_cst, block scope, volatile, result used.
define bfloat @fmaximum_seq_cst_bfloat_as3_block_volatile(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_seq_cst_bfloat_as3_block_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("block") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("block") seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmaximum ptr addrspace(3) %p, bfloat %v syncscope("block") seq_cst, align 2
  ret bfloat %old
}

