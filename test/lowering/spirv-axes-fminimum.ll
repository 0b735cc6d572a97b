; REQUIRES: fminimum
; Every ordering with every operation, rotating through the types, address
; spaces, syncscopes, volatile and used/unused results so that each value of
; each axis meets each operation at least once. Checks: ordering, scope,
; volatile, address space and align on the atomics that replace the original,
; fences where the target needs them, and cmpxchg failure orderings
; (acq_rel->acquire, release->monotonic).
; SPIR-V fminimum/fmaximum: cmpxchg loops, never a fence.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; fminimum half, addrspace(1), monotonic, workgroup scope, result used.
define half @fminimum_monotonic_half_as1_workgroup(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fminimum_monotonic_half_as1_workgroup(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%[a-z0-9._]+]] syncscope("workgroup") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fminimum ptr addrspace(1) %p, half %v syncscope("workgroup") monotonic, align 2
  ret half %old
}

; fminimum bfloat, addrspace(3), acquire, device scope, volatile, result unused.
define void @fminimum_acquire_bfloat_as3_device_volatile_unused(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define void @fminimum_acquire_bfloat_as3_device_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw volatile fminimum ptr addrspace(3) %p, bfloat %v syncscope("device") acquire, align 2
  ret void
}

; fminimum float, addrspace(4), release, subgroup scope, result used.
define float @fminimum_release_float_as4_subgroup(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define float @fminimum_release_float_as4_subgroup(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(4) %p syncscope("subgroup") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(4) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") release monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i32 {{%.*}} to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fminimum ptr addrspace(4) %p, float %v syncscope("subgroup") release, align 4
  ret float %old
}

; fminimum double, addrspace(1), acq_rel, singlethread scope, volatile, result unused.
define void @fminimum_acq_rel_double_as1_singlethread_volatile_unused(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fminimum_acq_rel_double_as1_singlethread_volatile_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:      cmpxchg volatile ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("singlethread") acq_rel acquire, align 8
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fminimum ptr addrspace(1) %p, double %v syncscope("singlethread") acq_rel, align 8
  ret void
}

; fminimum half, addrspace(3), seq_cst, system scope, result used.
define half @fminimum_seq_cst_half_as3_system(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define half @fminimum_seq_cst_half_as3_system(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fminimum ptr addrspace(3) %p, half %v seq_cst, align 2
  ret half %old
}

; fmaximum bfloat, addrspace(3), monotonic, subgroup scope, volatile, result used.
define bfloat @fmaximum_monotonic_bfloat_as3_subgroup_volatile(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_monotonic_bfloat_as3_subgroup_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("subgroup") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") monotonic monotonic, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmaximum ptr addrspace(3) %p, bfloat %v syncscope("subgroup") monotonic, align 2
  ret bfloat %old
}

; fmaximum float, addrspace(4), acquire, singlethread scope, result unused.
define void @fmaximum_acquire_float_as4_singlethread_unused(ptr addrspace(4) %p, float %v) {
; CHECK-LABEL: define void @fmaximum_acquire_float_as4_singlethread_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(4) %p monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(4) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("singlethread") acquire acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmaximum ptr addrspace(4) %p, float %v syncscope("singlethread") acquire, align 4
  ret void
}

; fmaximum double, addrspace(1), release, system scope, volatile, result used.
define double @fmaximum_release_double_as1_system_volatile(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmaximum_release_double_as1_system_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:      cmpxchg volatile ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} release monotonic, align 8
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw volatile fmaximum ptr addrspace(1) %p, double %v release, align 8
  ret double %old
}

; fmaximum half, addrspace(3), acq_rel, workgroup scope, result unused.
define void @fmaximum_acq_rel_half_as3_workgroup_unused(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmaximum_acq_rel_half_as3_workgroup_unused(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic i32, ptr addrspace(3) [[WORD:%[a-z0-9._]+]] syncscope("workgroup") monotonic, align 4
; CHECK:      cmpxchg ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") acq_rel acquire, align 4
; CHECK-NOT:  fence
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw fmaximum ptr addrspace(3) %p, half %v syncscope("workgroup") acq_rel, align 2
  ret void
}

; fmaximum bfloat, addrspace(4), seq_cst, device scope, volatile, result used.
define bfloat @fmaximum_seq_cst_bfloat_as4_device_volatile(ptr addrspace(4) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_seq_cst_bfloat_as4_device_volatile(
; CHECK-NOT:  fence
; CHECK-NOT:  = atomicrmw
; CHECK:      load atomic volatile i32, ptr addrspace(4) [[WORD:%[a-z0-9._]+]] syncscope("device") monotonic, align 4
; CHECK:      cmpxchg volatile ptr addrspace(4) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") seq_cst seq_cst, align 4
; CHECK-NOT:  fence
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT: ret bfloat %old
  %old = atomicrmw volatile fmaximum ptr addrspace(4) %p, bfloat %v syncscope("device") seq_cst, align 2
  ret bfloat %old
}

