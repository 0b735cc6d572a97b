; REQUIRES: fminimum
; fminimum/fmaximum on NVPTX: NaN-propagating, so by default a cmpxchg loop
; (a NaN of the other sign already in memory defeats the integer trick); the
; integer trick only under assume=nan-free-memory, storing a NaN operand with
; the sign the integer op keeps (negative for fminimum, positive for fmaximum).
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=int>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,INT

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fminimum float, global: loop computing llvm.minimum on bits (NaN in memory kept first, then a NaN operand), or the trick with a forced-negative NaN.
define float @fminimum_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fminimum_f32_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], float [[V:%.*]])
; LOOP-NOT:    = atomicrmw
; LOOP:        [[INIT:%.*]] = load atomic i32, ptr addrspace(1) [[P]] monotonic, align 4
; LOOP-NEXT:   [[VB:%.*]] = bitcast float [[V]] to i32
; LOOP:        atomicrmw.start:
; LOOP-NEXT:   [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; LOOP-NEXT:   [[AS:%.*]] = ashr i32 [[LOADED]], 31
; LOOP-NEXT:   [[AF:%.*]] = or i32 [[AS]], -2147483648
; LOOP-NEXT:   [[KA:%.*]] = xor i32 [[LOADED]], [[AF]]
; LOOP-NEXT:   [[VS:%.*]] = ashr i32 [[VB]], 31
; LOOP-NEXT:   [[VF:%.*]] = or i32 [[VS]], -2147483648
; LOOP-NEXT:   [[KV:%.*]] = xor i32 [[VB]], [[VF]]
; LOOP-NEXT:   [[TAKE:%.*]] = icmp ult i32 [[KV]], [[KA]]
; LOOP-NEXT:   [[ORD:%.*]] = select i1 [[TAKE]], i32 [[VB]], i32 [[LOADED]]
; LOOP-NEXT:   [[AM:%.*]] = and i32 [[LOADED]], 2147483647
; LOOP-NEXT:   [[ANAN:%.*]] = icmp ugt i32 [[AM]], 2139095040
; LOOP-NEXT:   [[VM:%.*]] = and i32 [[VB]], 2147483647
; LOOP-NEXT:   [[VNAN:%.*]] = icmp ugt i32 [[VM]], 2139095040
; LOOP-NEXT:   [[R:%.*]] = select i1 [[VNAN]], i32 [[VB]], i32 [[ORD]]
; LOOP-NEXT:   [[NEW:%.*]] = select i1 [[ANAN]], i32 [[LOADED]], i32 [[R]]
; LOOP-NEXT:   [[SAME:%.*]] = icmp eq i32 [[NEW]], [[LOADED]]
; LOOP-NEXT:   br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; LOOP:        atomicrmw.cas:
; LOOP-NEXT:   [[PAIR:%.*]] = cmpxchg ptr addrspace(1) [[P]], i32 [[LOADED]], i32 [[NEW]] monotonic monotonic, align 4
; LOOP-NEXT:   [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; LOOP-NEXT:   [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; LOOP-NEXT:   br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; LOOP:        atomicrmw.end:
; LOOP-NEXT:   %old = bitcast i32 [[LOADED]] to float
; INT:         [[VB:%.*]] = bitcast float [[V]] to i32
; INT-NEXT:    [[MAG:%.*]] = and i32 [[VB]], 2147483647
; INT-NEXT:    [[ISNAN:%.*]] = icmp ugt i32 [[MAG]], 2139095040
; INT-NEXT:    [[NEGNAN:%.*]] = or i32 [[VB]], -2147483648
; INT-NEXT:    [[X:%.*]] = select i1 [[ISNAN]], i32 [[NEGNAN]], i32 [[VB]]
; INT-NEXT:    [[SIGN:%.*]] = icmp slt i32 [[X]], 0
; INT-NEXT:    br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; INT:         atomicrmw.pos:
; INT-NEXT:    [[OLDPOS:%.*]] = atomicrmw min ptr addrspace(1) [[P]], i32 [[X]] monotonic, align 4
; INT-NEXT:    br label %atomicrmw.end
; INT:         atomicrmw.neg:
; INT-NEXT:    [[OLDNEG:%.*]] = atomicrmw umax ptr addrspace(1) [[P]], i32 [[X]] monotonic, align 4
; INT-NEXT:    br label %atomicrmw.end
; INT:         atomicrmw.end:
; INT-NEXT:    [[RES:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; INT-NEXT:    %old = bitcast i32 [[RES]] to float
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fminimum ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmaximum float, shared, acq_rel at block scope: keys compared ugt; the trick clears a NaN operand's sign; cmpxchg acq_rel/acquire.
define float @fmaximum_f32_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fmaximum_f32_shared(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]], float [[V:%.*]])
; LOOP:        load atomic i32, ptr addrspace(3) [[P]] syncscope("block") monotonic, align 4
; LOOP:        atomicrmw.start:
; LOOP-NEXT:   [[LOADED:%.*]] = phi i32
; LOOP:        [[TAKE:%.*]] = icmp ugt i32 [[KV:%.*]], [[KA:%.*]]
; LOOP-NEXT:   [[ORD:%.*]] = select i1 [[TAKE]], i32 [[VB:%.*]], i32 [[LOADED]]
; LOOP:        [[ANAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; LOOP:        [[VNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; LOOP-NEXT:   [[R:%.*]] = select i1 [[VNAN]], i32 [[VB]], i32 [[ORD]]
; LOOP-NEXT:   [[NEW:%.*]] = select i1 [[ANAN]], i32 [[LOADED]], i32 [[R]]
; LOOP-NEXT:   cmpxchg ptr addrspace(3) [[P]], i32 [[LOADED]], i32 [[NEW]] syncscope("block") acq_rel acquire, align 4
; INT:         [[VB:%.*]] = bitcast float [[V]] to i32
; INT:         [[ISNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; INT-NEXT:    [[POSNAN:%.*]] = and i32 [[VB]], 2147483647
; INT-NEXT:    [[X:%.*]] = select i1 [[ISNAN]], i32 [[POSNAN]], i32 [[VB]]
; INT-NEXT:    [[SIGN:%.*]] = icmp slt i32 [[X]], 0
; INT-NEXT:    fence syncscope("block") release
; INT-NEXT:    br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; INT:         atomicrmw.pos:
; INT-NEXT:    [[OP:%.*]] = atomicrmw max ptr addrspace(3) [[P]], i32 [[X]] syncscope("block") acq_rel, align 4
; INT-NEXT:    br label %atomicrmw.join
; INT:         atomicrmw.neg:
; INT-NEXT:    [[ON:%.*]] = atomicrmw umin ptr addrspace(3) [[P]], i32 [[X]] syncscope("block") acq_rel, align 4
; INT-NEXT:    br label %atomicrmw.join
; INT:         atomicrmw.join:
; INT-NEXT:    phi i32 [ [[OP]], %atomicrmw.pos ], [ [[ON]], %atomicrmw.neg ]
; INT-NEXT:    fence syncscope("block") acquire
; CHECK:       %old = bitcast i32 {{%.*}} to float
  %old = atomicrmw fmaximum ptr addrspace(3) %p, float %v syncscope("block") acq_rel, align 4
  ret float %old
}

; fminimum double, generic, volatile, result unused.
define void @fminimum_f64_generic(ptr %p, double %v) {
; CHECK-LABEL: define void @fminimum_f64_generic(
; LOOP:        load atomic volatile i64, ptr %p monotonic, align 8
; LOOP:        icmp ult i64
; LOOP-NOT:    atomicrmw.cas
; LOOP:        cmpxchg volatile ptr %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
; INT:         [[VB:%.*]] = bitcast double %v to i64
; INT:         icmp ugt i64 {{%.*}}, 9218868437227405312
; INT-NEXT:    or i64 [[VB]], -9223372036854775808
; INT:         atomicrmw volatile min ptr %p, i64
; INT:         atomicrmw volatile umax ptr %p, i64
; CHECK:       atomicrmw.end:
; CHECK-NEXT:  ret void
  %old = atomicrmw volatile fminimum ptr %p, double %v monotonic, align 8
  ret void
}

; fmaximum double, global, seq_cst at device scope.
define double @fmaximum_f64_global(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmaximum_f64_global(
; LOOP:        icmp ugt i64
; LOOP:        cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") seq_cst seq_cst, align 8
; INT:         [[VB:%.*]] = bitcast double %v to i64
; INT:         and i64 [[VB]], 9223372036854775807
; INT:         fence syncscope("device") seq_cst
; INT-NEXT:    br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; INT:         atomicrmw.pos:
; INT-NEXT:    atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") seq_cst, align 8
; INT:         atomicrmw.neg:
; INT-NEXT:    atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") seq_cst, align 8
; INT:         atomicrmw.join:
; INT-NEXT:    phi i64
; INT-NEXT:    fence syncscope("device") acquire
; CHECK:       %old = bitcast i64 {{%.*}} to double
  %old = atomicrmw fmaximum ptr addrspace(1) %p, double %v syncscope("device") seq_cst, align 8
  ret double %old
}

; fminimum half, global: always a masked loop (no 16-bit integer atomic), with the half NaN bound 0x7c00.
define half @fminimum_f16_global(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fminimum_f16_global(
; CHECK-NOT:   = atomicrmw
; CHECK:       ptrtoint ptr addrspace(1) %p to i64
; CHECK:       load atomic i32, ptr addrspace(1) [[WORD:%.*]] monotonic, align 4
; CHECK:       atomicrmw.start:
; CHECK:       icmp ult i16
; CHECK:       [[ANAN:%.*]] = icmp ugt i16 {{%.*}}, 31744
; CHECK:       [[VNAN:%.*]] = icmp ugt i16 {{%.*}}, 31744
; CHECK-NEXT:  [[R:%.*]] = select i1 [[VNAN]], i16
; CHECK-NEXT:  [[NEW:%.*]] = select i1 [[ANAN]], i16
; CHECK:       cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to half
  %old = atomicrmw fminimum ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; fmaximum half, shared, release, result unused.
define void @fmaximum_f16_shared(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmaximum_f16_shared(
; CHECK-NOT:   = atomicrmw
; CHECK:       icmp ugt i16
; CHECK:       cmpxchg ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} release monotonic, align 4
; CHECK:       ret void
  %old = atomicrmw fmaximum ptr addrspace(3) %p, half %v release, align 2
  ret void
}

; fminimum bfloat, generic, acquire, singlethread, volatile: bfloat NaN bound 0x7f80.
define bfloat @fminimum_bf16_generic(ptr %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fminimum_bf16_generic(
; CHECK-NOT:   = atomicrmw
; CHECK:       load atomic volatile i32, ptr [[WORD:%[a-z0-9.]+]]{{.*}} monotonic, align 4
; CHECK:       icmp ult i16
; CHECK:       icmp ugt i16 {{%.*}}, 32640
; CHECK:       cmpxchg volatile ptr [[WORD]], i32 {{%.*}}, i32 {{%.*}} acquire acquire, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw volatile fminimum ptr %p, bfloat %v syncscope("singlethread") acquire, align 2
  ret bfloat %old
}

; fmaximum bfloat, global, cluster scope.
define bfloat @fmaximum_bf16_global(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmaximum_bf16_global(
; CHECK-NOT:   = atomicrmw
; CHECK:       icmp ugt i16
; CHECK:       icmp ugt i16 {{%.*}}, 32640
; CHECK:       cmpxchg ptr addrspace(1) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") monotonic monotonic, align 4
; CHECK:       %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmaximum ptr addrspace(1) %p, bfloat %v syncscope("cluster") monotonic, align 2
  ret bfloat %old
}
