; fmin/fmax on float and double for NVPTX: the integer sign-bit trick
; (signed min/max for a clear sign bit, umax/umin for a set one), NaN operand
; replaced by the identity of the integer op, and the NaN repair loop entered
; when the returned old value is the NaN the integer op cannot replace.
; The sites without a syncscope are system scope: below sm_60 (the default
; sm, prefix RMW) the integer atomics are atomicrmw; from sm_60 (prefix SYS)
; they are inline PTX `atom.sys[.global|.shared].OP`, since the backend would
; emit an atomicrmw with no scope (.gpu), and no atomicrmw is left. With
; sm_90, precheck=off and aggregate=none: the integer trick itself, not the
; default's run-time choice between it and its precheck form
; (nvptx-precheck-adaptive.ll) nor its warp aggregation of unused results
; (nvptx-aggregate-auto.ll).
; Before LLVM 20 a system-scope cmpxchg is inline PTX atom.sys.cas (llc-15
; prints cmpxchg with no scope, .gpu): the repair's loop at sm_90 is SYS15
; there; an IR cmpxchg (CMPXCHG) below sm_60 and on LLVM 22.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,REPAIR,RMW,CMPXCHG
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,NANFREE,RMW
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78;precheck=off;aggregate=none>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,REPAIR,SYS,%if llvm15 %{SYS15%} %else %{CMPXCHG%}
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78;precheck=off;aggregate=none>' -S %s | %FileCheck %s --check-prefix=NOSYSRMW
; NOSYSRMW-NOT: = atomicrmw {{(volatile )?}}{{u?(min|max)}} ptr {{[^,]*}}, i{{32|64}} %{{[0-9a-z]+}} monotonic

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float, global, result used: full shape of the trick, the repair and its loop.
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
; RMW-NEXT:  [[OLDPOS:%.*]] = atomicrmw min ptr addrspace(1) [[P]], i32 [[POSOP]] monotonic, align 4
; SYS-NEXT:  [[OLDPOS:%.*]] = call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) [[P]], i32 [[POSOP]])
; REPAIR-NEXT: br label %atomicrmw.join
; NANFREE-NEXT: br label %atomicrmw.end
; CHECK:      atomicrmw.neg:
; RMW-NEXT:  [[OLDNEG:%.*]] = atomicrmw umax ptr addrspace(1) [[P]], i32 [[NEGOP]] monotonic, align 4
; SYS-NEXT:  [[OLDNEG:%.*]] = call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) [[P]], i32 [[NEGOP]])
; REPAIR-NEXT: br label %atomicrmw.join
; REPAIR:      atomicrmw.join:
; REPAIR-NEXT: [[OLD:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; REPAIR-NEXT: [[STICKY:%.*]] = icmp ugt i32 [[OLD]], -8388608
; REPAIR-NEXT: [[NOTNAN:%.*]] = xor i1 [[ISNAN]], true
; REPAIR-NEXT: [[REP:%.*]] = and i1 [[STICKY]], [[NOTNAN]]
; REPAIR-NEXT: br i1 [[REP]], label %atomicrmw.nanrepair, label %atomicrmw.end
; REPAIR:      atomicrmw.nanrepair:
; REPAIR-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) [[P]], float [[V]], i32 [[OLD]])
; REPAIR-NEXT: br label %atomicrmw.end
; REPAIR:      atomicrmw.end:
; REPAIR-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; REPAIR-NEXT: %old = bitcast i32 [[RES]] to float
; NANFREE-NOT: atomicrmw.join
; NANFREE-NOT: cmpxchg
; NANFREE:     atomicrmw.end:
; NANFREE-NEXT: [[RES:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; NANFREE-NEXT: %old = bitcast i32 [[RES]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmax float, global, result used: max/umin, identities INT_MIN/all-ones, positive-NaN repair.
define float @fmax_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmax_f32_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], float [[V:%.*]])
; CHECK:      [[VB:%.*]] = bitcast float [[V]] to i32
; CHECK-NEXT: [[MAG:%.*]] = and i32 [[VB]], 2147483647
; CHECK-NEXT: [[ISNAN:%.*]] = icmp ugt i32 [[MAG]], 2139095040
; CHECK-NEXT: [[POSOP:%.*]] = select i1 [[ISNAN]], i32 -2147483648, i32 [[VB]]
; CHECK-NEXT: [[NEGOP:%.*]] = select i1 [[ISNAN]], i32 -1, i32 [[VB]]
; CHECK-NEXT: [[SIGN:%.*]] = icmp slt i32 [[VB]], 0
; CHECK-NEXT: br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; RMW-NEXT:  [[OLDPOS:%.*]] = atomicrmw max ptr addrspace(1) [[P]], i32 [[POSOP]] monotonic, align 4
; SYS-NEXT:  [[OLDPOS:%.*]] = call i32 asm sideeffect "atom.sys.global.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) [[P]], i32 [[POSOP]])
; CHECK:      atomicrmw.neg:
; RMW-NEXT:  [[OLDNEG:%.*]] = atomicrmw umin ptr addrspace(1) [[P]], i32 [[NEGOP]] monotonic, align 4
; SYS-NEXT:  [[OLDNEG:%.*]] = call i32 asm sideeffect "atom.sys.global.min.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) [[P]], i32 [[NEGOP]])
; REPAIR:      atomicrmw.join:
; REPAIR-NEXT: [[OLD:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; REPAIR-NEXT: [[STICKY:%.*]] = icmp sgt i32 [[OLD]], 2139095040
; REPAIR-NEXT: [[NOTNAN:%.*]] = xor i1 [[ISNAN]], true
; REPAIR-NEXT: [[REP:%.*]] = and i1 [[STICKY]], [[NOTNAN]]
; REPAIR-NEXT: br i1 [[REP]], label %atomicrmw.nanrepair, label %atomicrmw.end
; REPAIR:      atomicrmw.nanrepair:
; REPAIR-NEXT: [[FIXED:%.*]] = call i32 @fpa.nanrepair.fmax.f32.p1.monotonic(ptr addrspace(1) [[P]], float [[V]], i32 [[OLD]])
; REPAIR:      atomicrmw.end:
; REPAIR-NEXT: [[RES:%.*]] = phi i32 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; REPAIR-NEXT: %old = bitcast i32 [[RES]] to float
; NANFREE-NOT: cmpxchg
; NANFREE:     atomicrmw.end:
; NANFREE-NEXT: [[RES:%.*]] = phi i32 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; NANFREE-NEXT: %old = bitcast i32 [[RES]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmax ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmin double, generic address space: 64-bit constants (INT64_MAX, 0, -inf bits for the repair).
define double @fmin_f64_generic(ptr %p, double %v) {
; CHECK-LABEL: define double @fmin_f64_generic(
; CHECK-SAME: ptr [[P:%.*]], double [[V:%.*]])
; CHECK:      [[VB:%.*]] = bitcast double [[V]] to i64
; CHECK-NEXT: [[MAG:%.*]] = and i64 [[VB]], 9223372036854775807
; CHECK-NEXT: [[ISNAN:%.*]] = icmp ugt i64 [[MAG]], 9218868437227405312
; CHECK-NEXT: [[POSOP:%.*]] = select i1 [[ISNAN]], i64 9223372036854775807, i64 [[VB]]
; CHECK-NEXT: [[NEGOP:%.*]] = select i1 [[ISNAN]], i64 0, i64 [[VB]]
; CHECK-NEXT: [[SIGN:%.*]] = icmp slt i64 [[VB]], 0
; CHECK-NEXT: br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; RMW-NEXT:  [[OLDPOS:%.*]] = atomicrmw min ptr [[P]], i64 [[POSOP]] monotonic, align 8
; SYS-NEXT:  [[OLDPOS:%.*]] = call i64 asm sideeffect "atom.sys.min.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr [[P]], i64 [[POSOP]])
; CHECK:      atomicrmw.neg:
; RMW-NEXT:  [[OLDNEG:%.*]] = atomicrmw umax ptr [[P]], i64 [[NEGOP]] monotonic, align 8
; SYS-NEXT:  [[OLDNEG:%.*]] = call i64 asm sideeffect "atom.sys.max.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr [[P]], i64 [[NEGOP]])
; REPAIR:      atomicrmw.join:
; REPAIR-NEXT: [[OLD:%.*]] = phi i64 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; REPAIR-NEXT: [[STICKY:%.*]] = icmp ugt i64 [[OLD]], -4503599627370496
; REPAIR-NEXT: [[NOTNAN:%.*]] = xor i1 [[ISNAN]], true
; REPAIR-NEXT: [[REP:%.*]] = and i1 [[STICKY]], [[NOTNAN]]
; REPAIR-NEXT: br i1 [[REP]], label %atomicrmw.nanrepair, label %atomicrmw.end
; REPAIR:      atomicrmw.nanrepair:
; REPAIR-NEXT: [[FIXED:%.*]] = call i64 @fpa.nanrepair.fmin.f64.p0.monotonic(ptr [[P]], double [[V]], i64 [[OLD]])
; REPAIR:      atomicrmw.end:
; REPAIR-NEXT: [[RES:%.*]] = phi i64 [ [[OLD]], %atomicrmw.join ], [ [[FIXED]], %atomicrmw.nanrepair ]
; NANFREE:     atomicrmw.end:
; NANFREE-NEXT: [[RES:%.*]] = phi i64 [ [[OLDPOS]], %atomicrmw.pos ], [ [[OLDNEG]], %atomicrmw.neg ]
; CHECK-NEXT: %old = bitcast i64 [[RES]] to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw fmin ptr %p, double %v monotonic, align 8
  ret double %old
}

; fmax double, shared: INT64_MIN / all-ones identities, positive-NaN (+inf bits) repair test.
define double @fmax_f64_shared(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define double @fmax_f64_shared(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]], double [[V:%.*]])
; CHECK:      [[VB:%.*]] = bitcast double [[V]] to i64
; CHECK:      [[ISNAN:%.*]] = icmp ugt i64 {{%.*}}, 9218868437227405312
; CHECK-NEXT: [[POSOP:%.*]] = select i1 [[ISNAN]], i64 -9223372036854775808, i64 [[VB]]
; CHECK-NEXT: [[NEGOP:%.*]] = select i1 [[ISNAN]], i64 -1, i64 [[VB]]
; CHECK-NEXT: [[SIGN:%.*]] = icmp slt i64 [[VB]], 0
; CHECK-NEXT: br i1 [[SIGN]], label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:      atomicrmw.pos:
; RMW-NEXT:  [[OLDPOS:%.*]] = atomicrmw max ptr addrspace(3) [[P]], i64 [[POSOP]] monotonic, align 8
; SYS-NEXT:  [[OLDPOS:%.*]] = call i64 asm sideeffect "atom.sys.shared.max.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(3) [[P]], i64 [[POSOP]])
; CHECK:      atomicrmw.neg:
; RMW-NEXT:  [[OLDNEG:%.*]] = atomicrmw umin ptr addrspace(3) [[P]], i64 [[NEGOP]] monotonic, align 8
; SYS-NEXT:  [[OLDNEG:%.*]] = call i64 asm sideeffect "atom.sys.shared.min.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(3) [[P]], i64 [[NEGOP]])
; REPAIR:      atomicrmw.join:
; REPAIR-NEXT: [[OLD:%.*]] = phi i64
; REPAIR-NEXT: icmp sgt i64 [[OLD]], 9218868437227405312
; REPAIR:      call i64 @fpa.nanrepair.fmax.f64.p3.monotonic(ptr addrspace(3) [[P]], double [[V]], i64 [[OLD]])
; NANFREE-NOT: cmpxchg
; CHECK:      atomicrmw.end:
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: ret double %old
  %old = atomicrmw fmax ptr addrspace(3) %p, double %v monotonic, align 8
  ret double %old
}

; fmin float, shared, result unused: no result phi and no bitcast back to float.
define void @fmin_f32_shared_unused(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define void @fmin_f32_shared_unused(
; RMW:        atomicrmw min ptr addrspace(3) %p, i32 {{%.*}} monotonic, align 4
; SYS:        call i32 asm sideeffect "atom.sys.shared.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(3) %p, i32 {{%.*}})
; RMW:        atomicrmw umax ptr addrspace(3) %p, i32 {{%.*}} monotonic, align 4
; SYS:        call i32 asm sideeffect "atom.sys.shared.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(3) %p, i32 {{%.*}})
; REPAIR:     call i32 @fpa.nanrepair.fmin.f32.p3.monotonic(ptr addrspace(3) %p, float %v, i32 {{%.*}})
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw fmin ptr addrspace(3) %p, float %v monotonic, align 4
  ret void
}

; fmax float, generic, unused, volatile: both integer atomics and the repair
; cmpxchg stay volatile (atom.sys is a side-effecting asm, which is neither
; removed nor reordered; PTX has no volatile atom).
define void @fmax_f32_generic_volatile(ptr %p, float %v) {
; CHECK-LABEL: define void @fmax_f32_generic_volatile(
; RMW:        atomicrmw volatile max ptr %p, i32 {{%.*}} monotonic, align 4
; SYS:        call i32 asm sideeffect "atom.sys.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %p, i32 {{%.*}})
; RMW:        atomicrmw volatile umin ptr %p, i32 {{%.*}} monotonic, align 4
; SYS:        call i32 asm sideeffect "atom.sys.min.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %p, i32 {{%.*}})
; REPAIR:     call i32 @fpa.nanrepair.fmax.f32.p0.monotonic.volatile(ptr %p, float %v, i32 {{%.*}})
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmax ptr %p, float %v monotonic, align 4
  ret void
}

; fmax float, generic, unused, volatile, device scope: volatile and the scope
; stay on the integer atomicrmw on every sm (no inline PTX below system scope).
define void @fmax_f32_generic_volatile_device(ptr %p, float %v) {
; CHECK-LABEL: define void @fmax_f32_generic_volatile_device(
; CHECK:      atomicrmw volatile max ptr %p, i32 {{%.*}} syncscope("device") monotonic, align 4
; CHECK:      atomicrmw volatile umin ptr %p, i32 {{%.*}} syncscope("device") monotonic, align 4
; REPAIR:     call i32 @fpa.nanrepair.fmax.f32.p0.device.monotonic.volatile(ptr %p, float %v, i32 {{%.*}})
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmax ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; fmin double, global, unused, volatile, over-aligned: the larger align is kept
; (on the cmpxchg only under atom.sys, which has no alignment operand; before
; LLVM 20 that cmpxchg is atom.sys.cas too, and keeps none).
define void @fmin_f64_global_volatile(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fmin_f64_global_volatile(
; RMW:        atomicrmw volatile min ptr addrspace(1) %p, i64 {{%.*}} monotonic, align 16
; SYS:        call i64 asm sideeffect "atom.sys.global.min.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64 {{%.*}})
; RMW:        atomicrmw volatile umax ptr addrspace(1) %p, i64 {{%.*}} monotonic, align 16
; SYS:        call i64 asm sideeffect "atom.sys.global.max.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64 {{%.*}})
; REPAIR:     call i64 @fpa.nanrepair.fmin.f64.p1.monotonic.volatile(ptr addrspace(1) %p, double %v, i64 {{%.*}})
; CHECK:      atomicrmw.end:
; CHECK-NEXT: ret void
  %old = atomicrmw volatile fmin ptr addrspace(1) %p, double %v monotonic, align 16
  ret void
}

; fmax double, generic, result used through a second use: both uses see the bitcast.
define double @fmax_f64_two_uses(ptr %p, double %v) {
; CHECK-LABEL: define double @fmax_f64_two_uses(
; RMW:          atomicrmw max ptr %p, i64
; SYS:          call i64 asm sideeffect "atom.sys.max.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr %p, i64
; RMW:          atomicrmw umin ptr %p, i64
; SYS:          call i64 asm sideeffect "atom.sys.min.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr %p, i64
; CHECK:      atomicrmw.end:
; CHECK:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT: %sum = fadd double %old, %old
; CHECK-NEXT: ret double %sum
  %old = atomicrmw fmax ptr %p, double %v monotonic, align 8
  %sum = fadd double %old, %old
  ret double %sum
}

; The NaN repair's loops, one function per kind of site (the sites above
; that share operation, types, ordering, scope and volatile share one), in
; the order the lowering first needs them (one site to a function here):
; the cmpxchg loop from the old value
; the integer op returned, ending without cmpxchg where the update leaves
; memory as it is, and returning the value it replaced.
; NANFREE-NOT: define internal
; REPAIR-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.monotonic(
; REPAIR-SAME: ptr addrspace(1) [[P:%.*]], float [[V:%.*]], i32 [[OLD:%.*]]) [[ATTR:#[0-9]+]] {
; REPAIR-NEXT: entry:
; REPAIR-NEXT: [[VB2:%.*]] = bitcast float [[V]] to i32
; REPAIR-NEXT: br label %atomicrmw.start
; REPAIR:      atomicrmw.start:
; REPAIR-NEXT: [[LOADED:%.*]] = phi i32 [ [[OLD]], %entry ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; REPAIR-NEXT: [[AS:%.*]] = ashr i32 [[LOADED]], 31
; REPAIR-NEXT: [[AF:%.*]] = or i32 [[AS]], -2147483648
; REPAIR-NEXT: [[KA:%.*]] = xor i32 [[LOADED]], [[AF]]
; REPAIR-NEXT: [[VS:%.*]] = ashr i32 [[VB2]], 31
; REPAIR-NEXT: [[VF:%.*]] = or i32 [[VS]], -2147483648
; REPAIR-NEXT: [[KV:%.*]] = xor i32 [[VB2]], [[VF]]
; REPAIR-NEXT: [[TAKE:%.*]] = icmp ult i32 [[KV]], [[KA]]
; REPAIR-NEXT: [[ORD:%.*]] = select i1 [[TAKE]], i32 [[VB2]], i32 [[LOADED]]
; REPAIR-NEXT: [[AM:%.*]] = and i32 [[LOADED]], 2147483647
; REPAIR-NEXT: [[ANAN:%.*]] = icmp ugt i32 [[AM]], 2139095040
; REPAIR-NEXT: [[VM:%.*]] = and i32 [[VB2]], 2147483647
; REPAIR-NEXT: [[VNAN:%.*]] = icmp ugt i32 [[VM]], 2139095040
; REPAIR-NEXT: [[R:%.*]] = select i1 [[ANAN]], i32 [[VB2]], i32 [[ORD]]
; REPAIR-NEXT: [[NEW:%.*]] = select i1 [[VNAN]], i32 [[LOADED]], i32 [[R]]
; REPAIR-NEXT: [[SAME:%.*]] = icmp eq i32 [[NEW]], [[LOADED]]
; REPAIR-NEXT: br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; REPAIR:      atomicrmw.cas:
; CMPXCHG-NEXT: [[PAIR:%.*]] = cmpxchg ptr addrspace(1) [[P]], i32 [[LOADED]], i32 [[NEW]] monotonic monotonic, align 4
; CMPXCHG-NEXT: [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CMPXCHG-NEXT: [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; SYS15-NEXT:  [[NEWLOADED]] = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) [[P]], i32 [[LOADED]], i32 [[NEW]])
; SYS15-NEXT:  [[OK:%.*]] = icmp eq i32 [[NEWLOADED]], [[LOADED]]
; REPAIR-NEXT: br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; REPAIR:      atomicrmw.end:
; REPAIR-NEXT: [[RET:%.*]] = phi i32 [ [[LOADED]], %atomicrmw.start ], [ [[LOADED]], %atomicrmw.cas ]
; REPAIR-NEXT: ret i32 [[RET]]
; REPAIR-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.monotonic(
; REPAIR:      [[TAKE:%.*]] = icmp ugt i32 [[KV:%.*]], [[KA:%.*]]
; CMPXCHG:     cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SYS15:       %newloaded = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %p, i32 %loaded, i32 %new)
; SYS15-NEXT:  %success = icmp eq i32 %newloaded, %loaded
; REPAIR-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p0.monotonic(
; REPAIR:      [[AS:%.*]] = ashr i64 [[LOADED:%.*]], 63
; REPAIR-NEXT: [[AF:%.*]] = or i64 [[AS]], -9223372036854775808
; REPAIR:      icmp ult i64
; REPAIR:      [[AM:%.*]] = and i64 [[LOADED]], 9223372036854775807
; REPAIR-NEXT: [[ANAN:%.*]] = icmp ugt i64 [[AM]], 9218868437227405312
; CMPXCHG:     cmpxchg ptr %p, i64 [[LOADED]], i64 {{%.*}} monotonic monotonic, align 8
; SYS15:       %newloaded = call i64 asm sideeffect "atom.sys.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l,~{memory}"(ptr %p, i64 [[LOADED]], i64 %new)
; SYS15-NEXT:  %success = icmp eq i64 %newloaded, [[LOADED]]
; REPAIR-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p3.monotonic(
; REPAIR:      icmp ugt i64
; CMPXCHG:     cmpxchg ptr addrspace(3) %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
; SYS15:       %newloaded = call i64 asm sideeffect "atom.sys.shared.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l,~{memory}"(ptr addrspace(3) %p, i64 %loaded, i64 %new)
; SYS15-NEXT:  %success = icmp eq i64 %newloaded, %loaded
; REPAIR-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p3.monotonic(
; CMPXCHG:     cmpxchg ptr addrspace(3) %p
; SYS15:       %newloaded = call i32 asm sideeffect "atom.sys.shared.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(3) %p, i32 %loaded, i32 %new)
; SYS15-NEXT:  %success = icmp eq i32 %newloaded, %loaded
; REPAIR-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p0.monotonic.volatile(
; CMPXCHG:     cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SYS15:       %newloaded = call i32 asm sideeffect "atom.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr %p, i32 %loaded, i32 %new)
; SYS15-NEXT:  %success = icmp eq i32 %newloaded, %loaded
; REPAIR-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p0.device.monotonic.volatile(
; REPAIR:      cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") monotonic monotonic, align 4
; REPAIR-LABEL: define internal i64 @fpa.nanrepair.fmin.f64.p1.monotonic.volatile(
; CMPXCHG:     cmpxchg volatile ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 16
; SYS15:       %newloaded = call i64 asm sideeffect "atom.sys.global.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l,~{memory}"(ptr addrspace(1) %p, i64 %loaded, i64 %new)
; SYS15-NEXT:  %success = icmp eq i64 %newloaded, %loaded
; REPAIR-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p0.monotonic(
; REPAIR-NOT:  define
; REPAIR:      attributes [[ATTR]] = { cold noinline nounwind }
