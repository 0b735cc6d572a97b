; aggregate=warp on NVPTX: the shape of the IR for each kind of site. Off by
; default; the same option through opt pass parameters, -fpa-aggregate and
; fpa-opt --aggregate. sm_80 reduces min/max keys with redux.sync, sm_70 with
; a shfl.sync scan. The lowered code is run on simulated warps by
; test/verify/warp-sim.test; here only its structure is checked. The sites
; without a syncscope are system scope: on sm_70 and sm_80 the atomics the
; pass builds for them are inline PTX atom.sys (the leaders' predicated PTX
; names .sys itself). Before LLVM 20 a system-scope cmpxchg is inline PTX
; atom.sys.cas (llc-15 prints cmpxchg with no scope, .gpu): L15, else L22.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=none>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;assume=reassociate-fadd>' -S %s | %FileCheck %s --check-prefixes=CHECK,SM80,%if llvm15 %{L15%} %else %{L22%}
; RUN: %opt %loadplugin -fpa-aggregate=warp -fpa-assume=reassociate-fadd -passes='lower-fp-atomics<sm=80>' -S %s | %FileCheck %s --check-prefixes=CHECK,SM80,%if llvm15 %{L15%} %else %{L22%}
; RUN: %fpa-opt --sm=80 --aggregate=warp --assume=reassociate-fadd %s | %FileCheck %s --check-prefixes=CHECK,SM80,%if llvm15 %{L15%} %else %{L22%}
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=63;aggregate=warp;assume=reassociate-fadd>' -S %s | %FileCheck %s --check-prefixes=CHECK,SM70,%if llvm15 %{L15%} %else %{L22%}
; Without reassociate-fadd, fadd/fsub keep one atomic per lane.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s --check-prefix=NOREASSOC

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Off: no shuffle, match, redux or vote but a ballot (the default's
; adaptive precheck reads activemask and %tid.x and takes a ballot of the
; operands' signs, but combines nothing).
; OFF-NOT: llvm.nvvm.{{shfl|vote.all|vote.any|vote.uni|match|redux}}

; fmin float through a generic pointer, result used: a lane whose pointer is
; not global sends the warp down the per-lane path (the leader's predicated
; atomics then use .global, which ptxas never expands with branches of its
; own); otherwise the lanes are
; grouped (where a lane has the low address bits of the active lane below
; it: vote.all, else match.any; else per lane), the keys reduced, the group
; leader runs the int trick, and the old values are rebuilt by a scan
; (shfl.sync.up when the warp is one group, predecessor pointers otherwise).
; On sm_80 (redux.sync) the scan comes after the leader's atomic, only where
; some group's update changed memory; on sm_70 it gives the total first.
define float @fmin_f32_used(ptr %p, float %v) {
; CHECK-LABEL: define float @fmin_f32_used(
; CHECK:      %activemask = call i32 {{@llvm.nvvm.activemask\(\)|asm sideeffect "activemask.b32 \$0;", "=r"\(\)}}
; CHECK:      %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK:      call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK:      %allglobal = call i1 @llvm.nvvm.vote.all.sync(i32 %activemask, i1
; CHECK-NEXT: br i1 %allglobal, label %warp.group, label %warp.perlane
; CHECK:      warp.perlane:
; CHECK:      call i32 asm sideeffect "atom.sys.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %p, i32 {{%.*}})
; CHECK:      call i32 asm sideeffect "atom.sys.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %p, i32 {{%.*}})
; CHECK:      warp.group:
; CHECK:      %addr = ptrtoint ptr %p to i64
; First the cheap test: does some lane have the low 32 address bits of the
; lane just below it? One shuffle (shfl.sync.up: no index to compute), one
; vote; if not, per lane. Lane 0 has no lane below.
; CHECK-NEXT: %addr.lo = trunc i64 %addr to i32
; CHECK-NEXT: [[HAS:%.*]] = icmp ne i32 %lanemask.lt, 0
; CHECK-NEXT: [[PLO:%.*]] = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %addr.lo, i32 1, i32 0)
; CHECK-NEXT: [[EQ:%.*]] = icmp eq i32 %addr.lo, [[PLO]]
; CHECK-NEXT: [[DUP:%.*]] = and i1 [[HAS]], [[EQ]]
; CHECK-NEXT: %shared = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask, i1 [[DUP]])
; The per-lane path is the fall-through (where addresses are many, each
; cycle counts; where they are few, the one atomic dominates).
; CHECK-NEXT: br i1 %shared, label %warp.shared, label %warp.perlane, !prof [[UNLIKELY:![0-9]+]]
; Then the exact tests on the whole address: one address for the warp, else
; match.any.
; CHECK:      warp.shared:
; CHECK-NEXT: [[FIRST:%.*]] = call i32 @llvm.cttz.i32(i32 %activemask, i1 true)
; CHECK:      call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 {{%.*}}, i32 [[FIRST]], i32 31)
; CHECK:      call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 {{%.*}}, i32 [[FIRST]], i32 31)
; CHECK:      [[SAME:%.*]] = icmp eq i64 %addr,
; CHECK-NEXT: %uniform = call i1 @llvm.nvvm.vote.all.sync(i32 %activemask, i1 [[SAME]])
; CHECK-NEXT: br i1 %uniform, label %warp.grouped, label %warp.match
; CHECK:      warp.match:
; CHECK-NEXT: %group = call i32 @llvm.nvvm.match.any.sync.i64(i32 %activemask, i64 %addr)
; CHECK-NEXT: br label %warp.grouped
; CHECK:      warp.grouped:
; CHECK-NEXT: %groupmask = phi i32 [ %activemask, %warp.shared ], [ %group, %warp.match ]
; NaN operands become INT_MAX, the identity of the min reduction.
; CHECK:      %contrib = select i1 {{%.*}}, i32 2147483647, i32 %key
; SM80-NEXT:  %total = call i32 @llvm.nvvm.redux.sync.min(i32 %contrib, i32 %groupmask)
; SM80-NOT:   warp.scan
; SM70:       icmp eq i32 %groupmask, -1
; SM70:       warp.scan.full:
; SM70:       call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %contrib, i32 1, i32 0)
; SM70:       call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 {{%.*}}, i32 16, i32 0)
; SM70:       warp.scan.groups:
; SM70:       and i32 %groupmask, %lanemask.lt
; SM70:       call i32 @llvm.ctlz.i32(
; SM70:       call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 %contrib, i32
; SM70:       call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 %pred, i32
; SM70:       warp.scanned:
; SM70-NEXT:  %excl = phi i32
; SM70-NEXT:  %first = phi i1
; SM70-NEXT:  %total = phi i32
; SM70-NOT:   redux
; The leader: no lane of its group below it.
; CHECK:      [[BELOW:%.*]] = and i32 %groupmask, %lanemask.lt
; CHECK-NEXT: %leader = icmp eq i32 [[BELOW]], 0
; The result is used: every lane runs the leader's instructions, which are
; predicated PTX (only the leaders' take effect), so no branch separates a
; leader from its group before the broadcast.
; CHECK-NOT:  br i1 %leader
; CHECK:      [[NOTNEG:%.*]] = xor i1 %signbit, true
; CHECK-NEXT: [[P1:%.*]] = and i1 %leader, [[NOTNEG]]
; CHECK:      [[Z1:%.*]] = zext i1 [[P1]] to i32
; CHECK-NEXT: [[O1:%.*]] = call i32 asm sideeffect "{\0A\09.reg .pred fpa_p;\0A\09setp.ne.b32 fpa_p, $1, 0;\0A\09mov.b32 $0, $3;\0A\09@fpa_p atom.relaxed.sys.global.min.s32 $0, [$2], $3;\0A}", "=&r,r,l,r,~{memory}"(i32 [[Z1]], ptr addrspace(1) [[G1:%global[0-9]*]], i32
; CHECK-NEXT: [[P2:%.*]] = and i1 %leader, %signbit
; CHECK:      [[Z2:%.*]] = zext i1 [[P2]] to i32
; CHECK-NEXT: [[O2:%.*]] = call i32 asm sideeffect "{{.*}}@fpa_p atom.relaxed.sys.global.max.u32 $0, [$2], $3;{{.*}}", "=&r,r,l,r,~{memory}"(i32 [[Z2]], ptr addrspace(1) {{%global[0-9]*}}, i32
; CHECK-NEXT: %int.old = select i1 %signbit, i32 [[O2]], i32 [[O1]]
; The NaN repair: a cmpxchg loop all lanes run while any lane has to retry.
; CHECK:      %nanrepair = and i1
; CHECK:      warp.lockstep:
; SM80-NEXT:  %loaded = phi i32 [ %int.old, %warp.grouped ], [ [[NL:%.*]], %warp.lockstep ]
; SM70-NEXT:  %loaded = phi i32 [ %int.old, %warp.scanned ], [ [[NL:%.*]], %warp.lockstep ]
; SM80-NEXT:  %act = phi i1 [ %nanrepair, %warp.grouped ], [ %again, %warp.lockstep ]
; SM70-NEXT:  %act = phi i1 [ %nanrepair, %warp.scanned ], [ %again, %warp.lockstep ]
; CHECK:      %want = and i1 %act,
; CHECK:      [[GOT:%.*]] = call i32 asm sideeffect "{{.*}}@fpa_p atom.relaxed.sys.global.cas.b32 $0, [$2], $3, $4;{{.*}}", "=&r,r,l,r,r,~{memory}"(i32 {{%.*}}, ptr addrspace(1) {{%global[0-9]*}}, i32 %loaded, i32 %new)
; CHECK:      %again = and i1 %want,
; CHECK-NEXT: %anyagain = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask, i1 %again)
; CHECK-NEXT: [[NL]] = select i1 %again, i32 [[GOT]], i32 %loaded
; CHECK-NEXT: br i1 %anyagain, label %warp.lockstep, label %warp.lockstep.end
; CHECK:      warp.lockstep.end:
; CHECK:      [[LOLD:%.*]] = select i1 %nanrepair, i32 [[NL]], i32 %int.old
; CHECK-NEXT: [[LEADER:%.*]] = call i32 @llvm.cttz.i32(i32 %groupmask, i1 true)
; CHECK-NEXT: [[M:%.*]] = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 [[LOLD]], i32 [[LEADER]], i32 31)
; SM70:       %lane.old = select i1 %first, i32 [[M]], i32
; SM70:       warp.end:
; SM70-NEXT:  [[R:%.*]] = phi i32 [ %lane.old, %warp.lockstep.end ], [ {{%.*}}, %atomicrmw.end ]
; Where every lane's group left memory as the leader found it (the fold of
; the broadcast old value with the group's total is that value), every lane
; gets it; else the scan.
; SM80:       %kept = icmp eq i32 {{%.*}}, [[M]]
; SM80-NEXT:  %allkept = call i1 @llvm.nvvm.vote.all.sync(i32 %activemask, i1 %kept)
; SM80-NEXT:  br i1 %allkept, label %warp.folded, label %warp.scan
; SM80:       warp.scan:
; SM80-NEXT:  icmp eq i32 %groupmask, -1
; SM80:       warp.folded:
; SM80-NEXT:  %lane.old = phi i32 [ [[M]], %warp.lockstep.end ], [ %lane.fold, %warp.scanned ]
; SM80:       warp.scan.full:
; SM80:       call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %contrib, i32 1, i32 0)
; SM80:       call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 {{%.*}}, i32 16, i32 0)
; SM80:       warp.scan.groups:
; SM80:       and i32 %groupmask, %lanemask.lt
; SM80:       call i32 @llvm.ctlz.i32(
; SM80:       call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 %contrib, i32
; SM80:       call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 %pred, i32
; SM80:       warp.scanned:
; SM80-NEXT:  %excl = phi i32
; SM80-NEXT:  %first = phi i1
; SM80:       %lane.fold = select i1 %first, i32 [[M]], i32
; SM80:       warp.end:
; SM80-NEXT:  [[R:%.*]] = phi i32 [ %lane.old, %warp.folded ], [ {{%.*}}, %atomicrmw.end ]
; CHECK-NEXT: %old = bitcast i32 [[R]] to float
; CHECK-NEXT: ret float %old
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret float %old
}

; fmax double in global memory, result unused: no thread-local check, no
; scan on sm_80 (two redux.sync: the signed high words, then the unsigned
; low words of the lanes holding the winning high word); on sm_70 a scan
; whose last lane's value is broadcast.
define void @fmax_f64_unused(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fmax_f64_unused(
; CHECK-NOT:  isspacep
; CHECK:      %uniform = call i1 @llvm.nvvm.vote.all.sync(
; CHECK:      call i32 @llvm.nvvm.match.any.sync.i64(i32 %activemask, i64 %addr)
; CHECK:      %contrib = select i1 {{%.*}}, i64 -9223372036854775808, i64 %key
; SM80-NOT:   warp.scan
; SM80:       [[HI:%.*]] = call i32 @llvm.nvvm.redux.sync.max(i32 {{%.*}}, i32 %groupmask)
; SM80:       [[WON:%.*]] = icmp eq i32 {{%.*}}, [[HI]]
; SM80:       [[LO:%.*]] = select i1 [[WON]], i32 {{%.*}}, i32 0
; SM80:       call i32 @llvm.nvvm.redux.sync.umax(i32 [[LO]], i32 %groupmask)
; SM70:       warp.scan.full:
; SM70:       call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %activemask, i32 {{%.*}}, i32 31, i32 31)
; SM70:       warp.scan.groups:
; SM70:       call i32 @llvm.ctlz.i32(i32 %groupmask, i1 true)
; CHECK:      warp.leader:
; CHECK:      atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") monotonic, align 8
; CHECK:      atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} syncscope("device") monotonic, align 8
; CHECK:      warp.join:
; CHECK-NOT:  shfl
; CHECK:      ret void
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret void
}

; fmin half in shared memory with 32-bit shared pointers: one shuffle of the
; address and match.any.sync.i32; 16-bit keys widened to 32 bits; the
; leaders and the per-lane path share one masked cmpxchg loop (warp.rmw),
; which starts from a load of the word made before the tests, so that it is
; on its way while they run: one read of the location per warp before the
; cmpxchg.
define void @fmin_f16_shared(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmin_f16_shared(
; CHECK:      %init = load atomic i32, ptr addrspace(3) %word syncscope("block") monotonic, align 4
; CHECK-NEXT: %activemask = call i32
; CHECK:      %addr = ptrtoint ptr addrspace(3) %p to i32
; CHECK:      call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %addr, i32 1, i32 0)
; CHECK:      warp.perlane:
; CHECK-NEXT: br label %warp.rmw
; CHECK:      call i32 @llvm.nvvm.match.any.sync.i32(i32 %activemask, i32 %addr)
; CHECK:      sext i16 {{%.*}} to i32
; CHECK:      %contrib = select i1 {{%.*}}, i32 32767, i32 %key
; SM80:       call i32 @llvm.nvvm.redux.sync.min(i32 %contrib, i32 %groupmask)
; CHECK:      warp.leader:
; CHECK-NOT:  load atomic
; CHECK:      br label %warp.rmw
; CHECK:      warp.join:
; CHECK:      warp.rmw:
; CHECK-NEXT: %warp.operand = phi i16 [ %vbits, %warp.perlane ], [ {{%.*}}, %warp.leader ]
; CHECK-NOT:  load atomic
; CHECK:      %loaded = phi i32 [ %init, %warp.rmw ], [ %newloaded, %atomicrmw.cas ]
; CHECK:      cmpxchg ptr addrspace(3) %word, i32 %loaded, i32 {{%.*}} syncscope("block") monotonic monotonic, align 4
; CHECK-NOT:  cmpxchg
; CHECK:      warp.end:
  %old = atomicrmw fmin ptr addrspace(3) %p, half %v syncscope("block") monotonic, align 2
  ret void
}

; With the result used: every lane reads its 32-bit word, the leaders run
; the masked loop in lockstep (predicated cas, shared memory, block scope),
; and the 16-bit old values are rebuilt from the broadcast one.
define half @fmin_f16_used(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define half @fmin_f16_used(
; CHECK:      %init = load atomic i32, ptr addrspace(3) %word syncscope("block") monotonic, align 4
; CHECK-NEXT: %activemask = call i32
; CHECK-NOT:  warp.leader:
; CHECK-NOT:  load atomic
; CHECK:      warp.lockstep:
; SM80-NEXT:  %loaded = phi i32 [ %init, %warp.grouped ],
; SM70-NEXT:  %loaded = phi i32 [ %init, %warp.scanned ],
; CHECK:      @fpa_p atom.relaxed.cta.shared.cas.b32 $0, [$2], $3, $4;
; CHECK:      warp.lockstep.end:
; CHECK:      lshr i32 {{%.*}}, %shift
; CHECK:      call i32 @llvm.nvvm.shfl.sync.idx.i32(
; SM70:       %lane.old = select i1 %first, i16
; SM80:       %lane.fold = select i1 %first, i16
; CHECK:      ret half
  %old = atomicrmw fmin ptr addrspace(3) %p, half %v syncscope("block") monotonic, align 2
  ret half %old
}

; bfloat fmax: keys of the same 16-bit shape.
define void @fmax_bf16(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define void @fmax_bf16(
; CHECK:      %contrib = select i1 {{%.*}}, i32 -32768, i32 %key
; SM80:       call i32 @llvm.nvvm.redux.sync.max(i32 %contrib, i32 %groupmask)
; CHECK:      warp.leader:
; L22:        cmpxchg ptr addrspace(1)
; L15:        %newloaded = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %word, i32 %loaded, i32 {{%.*}})
; L15-NEXT:   %success = icmp eq i32 %newloaded, %loaded
  %old = atomicrmw fmax ptr addrspace(1) %p, bfloat %v monotonic, align 2
  ret void
}

; A kernel's pointer argument plus a constant offset is the same in every
; lane: no address test at all, and one group of all active lanes.
define ptx_kernel void @kernel_uniform(ptr addrspace(1) %out, float %v) {
; CHECK-LABEL: define ptx_kernel void @kernel_uniform(
; CHECK-NOT:  vote
; CHECK-NOT:  match.any
; SM80:       call i32 @llvm.nvvm.redux.sync.max(i32 %contrib, i32 %activemask)
; CHECK:      warp.leader:
; CHECK:      call i32 asm sideeffect "atom.sys.global.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %q,
  %q = getelementptr inbounds i8, ptr addrspace(1) %out, i64 4
  %old = atomicrmw fmax ptr addrspace(1) %q, float %v monotonic, align 4
  ret void
}

; A byval argument is a copy per thread: not uniform.
define ptx_kernel void @kernel_byval(ptr addrspace(1) byval(float) %out, float %v) {
; CHECK-LABEL: define ptx_kernel void @kernel_byval(
; CHECK:      vote.all.sync
  %old = atomicrmw fmax ptr addrspace(1) %out, float %v monotonic, align 4
  ret void
}

; fadd float in shared memory, block scope (assume=reassociate-fadd):
; operands summed in the scan's fixed order; the leader's fadd stays native
; (atom.add.f32 keeps subnormals in shared memory), as a predicated
; atom.add.f32 (32-bit shared pointers: an "r" operand).
define float @fadd_f32_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32_shared(
; CHECK:      warp.perlane:
; CHECK:      atomicrmw fadd ptr addrspace(3) %p, float {{%.*}} syncscope("block") monotonic, align 4
; CHECK:      warp.scan.full:
; CHECK:      call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 {{%.*}}, i32 1, i32 0)
; CHECK:      fadd float
; CHECK:      warp.scanned:
; CHECK:      %total = phi float
; CHECK:      [[SUM:%.*]] = bitcast float %total to i32
; CHECK:      [[OLD:%.*]] = call i32 asm sideeffect "{{.*}}@fpa_p atom.relaxed.cta.shared.add.f32 $0, [$2], $3;{{.*}}", "=&r,r,r,r,~{memory}"(i32 {{%.*}}, ptr addrspace(3) %p, i32 [[SUM]])
; CHECK:      %lane.old = select i1 %first,
; NOREASSOC-LABEL: define float @fadd_f32_shared(
; NOREASSOC-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; fadd float in global memory, result used: the per-lane form is the
; guarded add (atom.add.f32 flushes subnormals there). Grouped, the leader
; adds the group's sum with predicated atom.add.f32 where the sum passes the
; guard (|sum| >= 2^-101, inf or NaN); otherwise it reads its location (a
; predicated cas of 0 by 0) and finishes in the lockstep cmpxchg loop. Lanes
; on the per-lane path take the guarded add with atom.sys.
define float @fadd_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32(
; CHECK:      activemask
; CHECK:      atomicrmw.native:
; CHECK-NEXT: call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float {{%.*}})
; CHECK:      bitcast float %total to i32
; CHECK:      %mag = and i32 {{%.*}}, 2147483647
; CHECK-NEXT: %addexact = icmp uge i32 %mag, 218103808
; CHECK-NEXT: [[BIG:%.*]] = and i1 %leader, %addexact
; CHECK:      [[ADDOLD:%.*]] = call i32 asm sideeffect "{{.*}}@fpa_p atom.relaxed.sys.global.add.f32 $0, [$2], $3;{{.*}}", "=&r,r,l,r,~{memory}"(i32 {{%.*}}, ptr addrspace(1) %p, i32
; CHECK:      %addtiny = and i1 %leader,
; CHECK:      [[CUR:%.*]] = call i32 asm sideeffect "{{.*}}@fpa_p atom.relaxed.sys.global.cas.b32 $0, [$2], $3, $4;{{.*}}", "=&r,r,l,r,r,~{memory}"(i32 {{%.*}}, ptr addrspace(1) %p, i32 0, i32 0)
; CHECK:      warp.lockstep:
; CHECK-NEXT: %loaded = phi i32 [ [[CUR]], %warp.scanned ]
; CHECK-NEXT: %act = phi i1 [ %addtiny, %warp.scanned ]
; CHECK:      fadd float
; CHECK:      atom.relaxed.sys.global.cas.b32
; CHECK:      %add.old = select i1 %addexact, i32 [[ADDOLD]], i32
; CHECK:      ret float %old
; NOREASSOC-LABEL: define float @fadd_f32(
; NOREASSOC-NOT:   activemask
; NOREASSOC:       %addexact = icmp uge i32 %mag, 218103808
; NOREASSOC:       atomicrmw.native:
; NOREASSOC-NEXT:  call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float %v)
; NOREASSOC-NOT:   activemask
; NOREASSOC:       ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fsub double: the negated operands are summed (keeping the per-lane zero
; signs), and the leader subtracts the negated sum, M - (-s) = M + s, which
; its own lowering (fadd-neg: atom.add.f64 does not flush) makes a native
; fadd of the sum: atom.sys at this system scope.
define void @fsub_f64(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fsub_f64(
; CHECK:      fneg double
; CHECK:      %total = phi double
; CHECK:      warp.leader:
; CHECK:      fneg double %total
; CHECK-NOT:  atomicrmw fsub
; CHECK:      %neg = fneg double
; CHECK-NEXT: call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double %neg)
; NOREASSOC-LABEL: define void @fsub_f64(
; NOREASSOC-NEXT:  %neg = fneg double %v
; NOREASSOC-NEXT:  call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double %neg)
  %old = atomicrmw fsub ptr addrspace(1) %p, double %v monotonic, align 8
  ret void
}

; Generic pointers that cannot be thread-local need no isspacep.local test:
; a kernel argument plus any offset, or a cast from shared memory.
define ptx_kernel void @kernel_arg_any_offset(ptr %mem, i64 %i, float %v) {
; CHECK-LABEL: define ptx_kernel void @kernel_arg_any_offset(
; CHECK-NOT:  isspacep
; CHECK:      vote.all.sync
  %q = getelementptr inbounds float, ptr %mem, i64 %i
  %old = atomicrmw fmin ptr %q, float %v monotonic, align 4
  ret void
}
@cells = internal addrspace(3) global [64 x float] undef, align 4
define void @from_shared(i64 %i, float %v) {
; CHECK-LABEL: define void @from_shared(
; CHECK-NOT:  isspacep
; CHECK:      vote.all.sync
  %q = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @cells to ptr), i64 %i
  %old = atomicrmw fmin ptr %q, float %v monotonic, align 4
  ret void
}
; A generic pointer parameter of a device function may be thread-local.
define void @device_fn_param(ptr %p, float %v) {
; CHECK-LABEL: define void @device_fn_param(
; CHECK:      isspacep.local
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret void
}

; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 16}
