; REQUIRES: fminimum
; fminimum/fmaximum for SPIR/SPIR-V: cmpxchg loops by default (masked for
; 16-bit types); the integer trick for float/double only under
; assume=nan-free-memory; never a fence.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=all>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,INT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; fminimum float, global, seq_cst, workgroup: minimum on bits (memory NaN kept, then operand NaN), or the trick storing a negative NaN.
define float @fminimum_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fminimum_f32_global(
; LOOP-NOT:    = atomicrmw
; LOOP:        load atomic i32, ptr addrspace(1) %p syncscope("workgroup") monotonic, align 4
; LOOP:        atomicrmw.start:
; LOOP-NEXT:   [[LOADED:%.*]] = phi i32
; LOOP:        [[TAKE:%.*]] = icmp ult i32
; LOOP-NEXT:   [[ORD:%.*]] = select i1 [[TAKE]], i32 [[VB:%.*]], i32 [[LOADED]]
; LOOP-NEXT:   [[AM:%.*]] = and i32 [[LOADED]], 2147483647
; LOOP-NEXT:   [[ANAN:%.*]] = icmp ugt i32 [[AM]], 2139095040
; LOOP-NEXT:   [[VM:%.*]] = and i32 [[VB]], 2147483647
; LOOP-NEXT:   [[VNAN:%.*]] = icmp ugt i32 [[VM]], 2139095040
; LOOP-NEXT:   [[R:%.*]] = select i1 [[VNAN]], i32 [[VB]], i32 [[ORD]]
; LOOP-NEXT:   [[NEW:%.*]] = select i1 [[ANAN]], i32 [[LOADED]], i32 [[R]]
; LOOP-NEXT:   cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEW]] syncscope("workgroup") seq_cst seq_cst, align 4
; INT:         [[VB:%.*]] = bitcast float %v to i32
; INT:         [[ISNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; INT-NEXT:    [[NEGNAN:%.*]] = or i32 [[VB]], -2147483648
; INT-NEXT:    [[X:%.*]] = select i1 [[ISNAN]], i32 [[NEGNAN]], i32 [[VB]]
; INT-NEXT:    [[SIGN:%.*]] = icmp slt i32 [[X]], 0
; INT:         atomicrmw.pos:
; INT-NEXT:    atomicrmw min ptr addrspace(1) %p, i32 [[X]] syncscope("workgroup") seq_cst, align 4
; INT-NEXT:    br label %atomicrmw.end
; INT:         atomicrmw.neg:
; INT-NEXT:    atomicrmw umax ptr addrspace(1) %p, i32 [[X]] syncscope("workgroup") seq_cst, align 4
; INT-NEXT:    br label %atomicrmw.end
; INT-NOT:     cmpxchg
; CHECK:       %old = bitcast i32 {{%.*}} to float
  %old = atomicrmw fminimum ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
  ret float %old
}

; fmaximum float, local, acq_rel, device: the trick stores a positive NaN.
define float @fmaximum_f32_local(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fmaximum_f32_local(
; LOOP:        icmp ugt i32
; LOOP:        cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") acq_rel acquire, align 4
; INT:         [[VB:%.*]] = bitcast float %v to i32
; INT:         [[ISNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; INT-NEXT:    [[POSNAN:%.*]] = and i32 [[VB]], 2147483647
; INT-NEXT:    [[X:%.*]] = select i1 [[ISNAN]], i32 [[POSNAN]], i32 [[VB]]
; INT:         atomicrmw max ptr addrspace(3) %p, i32 [[X]] syncscope("device") acq_rel, align 4
; INT:         atomicrmw umin ptr addrspace(3) %p, i32 [[X]] syncscope("device") acq_rel, align 4
; CHECK:       %old = bitcast i32 {{%.*}} to float
  %old = atomicrmw fmaximum ptr addrspace(3) %p, float %v syncscope("device") acq_rel, align 4
  ret float %old
}

; fminimum double, generic, release, subgroup, volatile, unused.
define void @fminimum_f64_generic(ptr addrspace(4) %p, double %v) {
; CHECK-LABEL: define void @fminimum_f64_generic(
; LOOP:        load atomic volatile i64, ptr addrspace(4) %p syncscope("subgroup") monotonic, align 8
; LOOP:        icmp ult i64
; LOOP:        cmpxchg volatile ptr addrspace(4) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("subgroup") release monotonic, align 8
; INT:         or i64 {{%.*}}, -9223372036854775808
; INT:         atomicrmw volatile min ptr addrspace(4) %p, i64 {{%.*}} syncscope("subgroup") release, align 8
; INT:         atomicrmw volatile umax ptr addrspace(4) %p, i64 {{%.*}} syncscope("subgroup") release, align 8
; CHECK:       atomicrmw.end:
; CHECK-NEXT:  ret void
  %old = atomicrmw volatile fminimum ptr addrspace(4) %p, double %v syncscope("subgroup") release, align 8
  ret void
}

; fmaximum double, global, acquire, singlethread.
define double @fmaximum_f64_global(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmaximum_f64_global(
; LOOP:        icmp ugt i64
; LOOP:        cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("singlethread") acquire acquire, align 8
; INT:         and i64 {{%.*}}, 9223372036854775807
; INT:         atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} syncscope("singlethread") acquire, align 8
; INT:         atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("singlethread") acquire, align 8
; CHECK:       %old = bitcast i64 {{%.*}} to double
  %old = atomicrmw fmaximum ptr addrspace(1) %p, double %v syncscope("singlethread") acquire, align 8
  ret double %old
}

; fminimum half, local, monotonic, system: always a masked loop.
define half @fminimum_f16_local(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define half @fminimum_f16_local(
; CHECK-NOT:   = atomicrmw
; CHECK:       ptrtoint ptr addrspace(3) %p to
; CHECK:       load atomic i32, ptr addrspace(3) [[WORD:%.*]] monotonic, align 4
; CHECK:       icmp ult i16
; CHECK:       icmp ugt i16 {{%.*}}, 31744
; CHECK:       cmpxchg ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to half
  %old = atomicrmw fminimum ptr addrspace(3) %p, half %v monotonic, align 2
  ret half %old
}

; fmaximum half, generic, seq_cst, workgroup, unused.
define void @fmaximum_f16_generic(ptr addrspace(4) %p, half %v) {
; CHECK-LABEL: define void @fmaximum_f16_generic(
; CHECK-NOT:   = atomicrmw
; CHECK:       icmp ugt i16
; CHECK:       cmpxchg ptr addrspace(4) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") seq_cst seq_cst, align 4
; CHECK:       ret void
  %old = atomicrmw fmaximum ptr addrspace(4) %p, half %v syncscope("workgroup") seq_cst, align 2
  ret void
}

; fminimum bfloat, global, acq_rel, device, volatile.
define bfloat @fminimum_bf16_global(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fminimum_bf16_global(
; CHECK-NOT:   = atomicrmw
; CHECK:       load atomic volatile i32, ptr addrspace(1) [[WORD:%.*]] syncscope("device") monotonic, align 4
; CHECK:       icmp ult i16
; CHECK:       icmp ugt i16 {{%.*}}, 32640
; CHECK:       cmpxchg volatile ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") acq_rel acquire, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw volatile fminimum ptr addrspace(1) %p, bfloat %v syncscope("device") acq_rel, align 2
  ret bfloat %old
}

; fmaximum bfloat, local, release, subgroup.
define bfloat @fmaximum_bf16_local(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_bf16_local(
; CHECK-NOT:   = atomicrmw
; CHECK:       icmp ugt i16
; CHECK:       icmp ugt i16 {{%.*}}, 32640
; CHECK:       cmpxchg ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("subgroup") release monotonic, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmaximum ptr addrspace(3) %p, bfloat %v syncscope("subgroup") release, align 2
  ret bfloat %old
}
