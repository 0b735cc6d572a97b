; aggregate=warp with warp-precheck (opt-in): on the per-lane path of the
; integer trick, a warp asks a hint in shared memory whether to read first
; and skip no-ops. mixed:
; only a warp whose lanes need both integer atomics asks, found by a
; vote.uni of the operands' signs; all: every warp on the per-lane path. Both forms
; are exact; test/verify/warp-sim.test runs them on simulated warps, and its
; counts of the hint's reads and stores show that both ran and learned.
; Both forms learn: the precheck form stores what its load shows, the
; direct form stores 0 (hot) after an atomic that was a no-op. Where the result is
; unused, the group leaders' combined update takes the same two forms, by
; the same hint.
; The sites are system scope on sm_80: the integer atomics of every form are
; inline PTX atom.sys (LLVM 22's NVPTX would emit an atomicrmw at .gpu).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed>' -S %s | %FileCheck %s --check-prefixes=CHECK,MIXED
; RUN: %fpa-opt --sm=80 --aggregate=warp --warp-precheck=mixed %s | %FileCheck %s --check-prefixes=CHECK,MIXED
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=all>' -S %s | %FileCheck %s --check-prefixes=CHECK,ALL
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %fpa-opt --sm=80 --aggregate=warp --warp-precheck=mixed --report %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REPORT
; RUN: %not %fpa-opt --warp-precheck=some %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
; With nan-free-memory the per-lane form reads no old value where the
; result is unused, but the precheck form learns from its own load, so
; every site has the hint.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed;assume=nan-free-memory>' -S %s | %FileCheck %s --check-prefix=NANFREE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Two words of shared memory per site that has the hint: the hint, and
; where the lanes other than the lowest store what they learn.
; CHECK: @fpa.warp.hint = internal addrspace(3) global [2 x i32] undef, align 4
; CHECK: @fpa.warp.hint1 = internal addrspace(3) global [2 x i32] undef, align 4
; CHECK: @fpa.warp.hint2 = internal addrspace(3) global [2 x i32] undef, align 4
; CHECK-NOT: @fpa.warp.hint3 =
; OFF-NOT: fpa.warp.hint
; OFF-NOT: vote.uni
; BAD: fpa-opt: error: invalid value 'some' for option 'warp-precheck' (expected off, mixed or all)

; REPORT: fmin_f32: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}; per lane, a warp with operands of both signs loads first and skips no-ops while a hint in shared memory says most updates are no-ops (warp-precheck=mixed)
; REPORT: fmax_f64_used: {{.*}}(warp-precheck=mixed)

define void @fmin_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fmin_f32(
; The hint's word first, at the top of the region that runs exactly when
; the atomic does (here the function's only block).
; CHECK-NEXT: %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK-NOT:  sreg.clock
; The grouping shuffle and vote, as without the hint; mixed: vote.uni of
; the operands' signs finds a warp that has both.
; CHECK:      call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %addr.lo, i32 1, i32 0)
; CHECK:      %shared = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask, i1
; MIXED-NEXT: %neg = icmp slt i32 %vbits, 0
; MIXED-NEXT: %onesign = call i1 @llvm.nvvm.vote.uni.sync(i32 %activemask, i1 %neg)
; MIXED-NEXT: %bothsigns = xor i1 %onesign, true
; MIXED-NEXT: %odd = or i1 %shared, %bothsigns
; MIXED-NEXT: br i1 %odd, label %warp.which, label %warp.perlane, !prof
; ALL-NEXT:   br i1 %shared, label %warp.shared, label %warp.perlane, !prof
; Plain per-lane warps (mixed) do the per-lane form and leave, with nothing
; of the hint; all: they ask.
; CHECK:      warp.perlane:
; MIXED-NOT:  fpa.warp.hint
; MIXED:      call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; MIXED:      call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; MIXED-NOT:  fpa.warp.hint
; MIXED:      br label %warp.end
; ALL-NEXT:   br label %warp.hint
; Asking compares what was loaded.
; CHECK:      warp.hint:
; CHECK-NEXT: [[F:%.*]] = freeze i32 %hint.word
; CHECK-NEXT: [[HOT:%hot[0-9]*]] = icmp ne i32 [[F]], [[COLD:-?[1-9][0-9]*]]
; CHECK-NEXT: br i1 [[HOT]], label %warp.perlane.precheck, label %warp.perlane.cold
; A warp with a pair goes to the grouping, one with both signs asks.
; MIXED:      warp.which:
; MIXED-NEXT: br i1 %shared, label %warp.shared, label %warp.hint
; The group leaders (result unused) ask the same hint: the precheck form
; loads and skips a combined update that is a no-op, and its lowest active
; leader stores the cold word after a combined update that changed memory;
; the learning direct form stores 0 after a combined update that was a
; no-op. Every leader learns there (only leaders run this).
; CHECK:      warp.leader:
; CHECK:      [[LF:%.*]] = freeze i32 %hint.word
; CHECK-NEXT: %hot = icmp ne i32 [[LF]], [[COLD]]
; CHECK-NEXT: br i1 %hot, label %warp.leader.precheck, label %warp.leader.learn
; CHECK:      warp.leader.precheck:
; CHECK:      %lowest = icmp eq i32 %{{[0-9]+}}, 0
; CHECK-NOT:  store
; CHECK:      %cur = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK-NOT:  store
; CHECK:      br i1 %skip, label %atomicrmw.end, label %atomicrmw.update
; CHECK:      %wasnoop = icmp eq i32 %{{[0-9]+}}, %old
; CHECK-NEXT: %changed = xor i1 %wasnoop, true
; CHECK-NEXT: %learn.if = and i1 %changed, %lowest
; CHECK-NEXT: br i1 %learn.if, label %atomicrmw.learn, label %atomicrmw.learned
; CHECK:      atomicrmw.learn:
; CHECK-NEXT: store atomic i32 [[COLD]], ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK:      warp.leader.learn:
; CHECK-NOT:  store
; CHECK:      %wasnoop{{[0-9]+}} = icmp eq i32
; CHECK:      store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; The precheck form: a load of the location first, and no store where it
; shows a no-op; the lowest active lane (by this point's masks) stores the
; cold word after an atomic that changed memory.
; CHECK:      warp.perlane.precheck:
; CHECK:      [[LT:%lanemask.lt.hint[0-9]*]] = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; CHECK-NEXT: [[M:%activemask[0-9]+]] = call i32 {{.*}}activemask
; CHECK-NEXT: [[BELOW:%.*]] = and i32 [[M]], [[LT]]
; CHECK-NEXT: [[LOW:%lowest[0-9]*]] = icmp eq i32 [[BELOW]], 0
; CHECK-NOT:  store
; CHECK:      [[CUR:%cur[0-9]*]] = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK:      [[NC:%nochange[0-9]*]] = icmp eq i32 {{%.*}}, [[CUR]]
; CHECK:      [[SKIP:%skip[0-9]*]] = and i1 [[NC]],
; CHECK-NEXT: br i1 [[SKIP]], label %[[PEND:atomicrmw.end[0-9]*]], label %[[UPD:atomicrmw.update[0-9]*]]
; CHECK:      [[UPD]]:
; CHECK-NOT:  store
; CHECK:      call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; CHECK:      call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; CHECK:      [[WN:%wasnoop[0-9]*]] = icmp eq i32
; CHECK-NEXT: [[CH:%changed[0-9]*]] = xor i1 [[WN]], true
; CHECK-NEXT: [[LI:%learn.if[0-9]*]] = and i1 [[CH]], [[LOW]]
; CHECK-NEXT: br i1 [[LI]], label %[[PL:atomicrmw.learn[0-9]*]], label
; CHECK:      [[PL]]:
; CHECK-NEXT: store atomic i32 [[COLD]], ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; The learning direct form (a cold warp whose %tid.x is below 32) is the
; per-lane one, and after its atomic's return a lane whose atomic was a
; no-op (smin or umax of its operand and the old value, by its sign, is the
; old value) stores 0 (hot) in the hint, before the NaN-repair test; nothing else
; stores.
; CHECK:      warp.perlane.learn:
; CHECK-NOT:  %hint.dst
; CHECK:      [[MIN:%.*]] = call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 [[PO:%.*]])
; CHECK:      [[MAX:%.*]] = call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 [[NO:%.*]])
; CHECK:      [[OLD:%.*]] = phi i32 [ [[MIN]], {{%.*}} ], [ [[MAX]], {{%.*}} ]
; CHECK-NEXT: [[PL:%.*]] = icmp slt i32 [[PO]], [[OLD]]
; CHECK-NEXT: [[PN:%.*]] = select i1 [[PL]], i32 [[PO]], i32 [[OLD]]
; CHECK-NEXT: [[NG:%.*]] = icmp ugt i32 [[NO]], [[OLD]]
; CHECK-NEXT: [[NN:%.*]] = select i1 [[NG]], i32 [[NO]], i32 [[OLD]]
; CHECK-NEXT: [[NV:%.*]] = select i1 %signbit{{[0-9]*}}, i32 [[NN]], i32 [[PN]]
; CHECK-NEXT: %wasnoop{{[0-9]*}} = icmp eq i32 [[NV]], [[OLD]]
; CHECK-NEXT: br i1 %wasnoop{{[0-9]*}}, label %[[LEARN:atomicrmw.learn[0-9]*]], label %[[NEXT:atomicrmw.learned[0-9]*]]
; CHECK:      [[LEARN]]:
; CHECK-NEXT: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK-NEXT: br label %[[NEXT]]
; CHECK:      [[NEXT]]:
; CHECK-NEXT: %sticky{{[0-9]*}} = icmp ugt i32 [[OLD]]
; CHECK-NOT:  %hint.dst
; The other cold warps' direct form is the per-lane lowering, with nothing
; of the hint; a cold warp picks its form by %tid.x.
; CHECK:      warp.perlane.direct:
; CHECK-NOT:  fpa.warp.hint
; CHECK:      call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; CHECK:      call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32 {{%.*}})
; CHECK-NOT:  fpa.warp.hint
; CHECK:      warp.perlane.cold:
; CHECK-NEXT: %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %learner = icmp ult i32 %tid.x, 32
; CHECK-NEXT: br i1 %learner, label %warp.perlane.learn, label %warp.perlane.direct
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; double, result used: the old value comes from either form.
define double @fmax_f64_used(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_f64_used(
; CHECK:      load atomic i32, ptr addrspace(3) @fpa.warp.hint1 syncscope("block") monotonic
; CHECK:      %cur = load atomic i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:      store atomic i32 {{-?[1-9][0-9]*}}, ptr addrspace(3) @fpa.warp.hint1 syncscope("block") monotonic
; CHECK:      phi i64 [ %lane.old, {{.*}}, [ %perlane.old, {{.*}}, [ %perlane.old{{[0-9]+}}, {{%[^ ]+}} ]
  %o = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %o
}

; NANFREE: @fpa.warp.hint = internal addrspace(3) global [2 x i32] undef, align 4
; NANFREE: @fpa.warp.hint1 = internal addrspace(3) global [2 x i32] undef, align 4
; NANFREE-LABEL: define void @fmin_f32(
; NANFREE:       load atomic i32, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic
; With no NaN repair, the learning direct form still reads its atomics'
; old values (so they return them), and nothing follows but the end; the
; other direct form's atomics' old values go unused.
; NANFREE:       warp.perlane.learn:
; NANFREE:       %old{{[0-9]*}} = phi i32
; NANFREE:       %wasnoop{{[0-9]*}} = icmp eq i32
; NANFREE:       [[LEARN:atomicrmw.learn[0-9]*]]:
; NANFREE-NEXT:  store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic
; NANFREE:       atomicrmw.learned{{[0-9]*}}:
; NANFREE-NEXT:  br label %atomicrmw.end
; NANFREE:       warp.perlane.direct:
; NANFREE-NOT:   fpa.warp.hint
; NANFREE:       call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p
; NANFREE-NOT:   fpa.warp.hint
; NANFREE:       call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p
; NANFREE-NOT:   {{fpa.warp.hint| phi }}
; NANFREE:       warp.perlane.cold:
; NANFREE-LABEL: define double @fmax_f64_used(
; NANFREE:       load atomic i32, ptr addrspace(3) @fpa.warp.hint1 syncscope("block") monotonic

; With an if-then before the atomic (the early grouping test's region, as in
; nvptx-warp-early-test.ll), the hint's word is read at the top of the
; region's head, off the asking path; only a warp that asks compares it.
; CHECK-LABEL: define void @fmin_if_then(
; CHECK:       entry:
; CHECK:       %shared = call i1 @llvm.nvvm.vote.any.sync(
; CHECK-NEXT:  %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; CHECK-NEXT:  %x = fmul float %v, 2.0
; CHECK:       join:
; MIXED:       %onesign = call i1 @llvm.nvvm.vote.uni.sync(
; CHECK-NOT:   @fpa.warp.hint2
; CHECK:       warp.hint:
; CHECK-NEXT:  [[F:%.*]] = freeze i32 %hint.word
; CHECK-NEXT:  [[HOT:%hot[0-9]*]] = icmp ne i32 [[F]], {{-?[1-9][0-9]*}}
; CHECK-NEXT:  br i1 [[HOT]], label %warp.perlane.precheck, label %warp.perlane.cold
; CHECK:       warp.perlane.precheck:
; CHECK:       store atomic i32 {{-?[1-9][0-9]*}}, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; CHECK:       warp.perlane.learn:
; CHECK:       store atomic i32 0, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; CHECK:       warp.perlane.direct:
; CHECK-NOT:   @fpa.warp.hint2
; CHECK:       warp.perlane.cold:
; CHECK-NEXT:  %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK:       ret void
define void @fmin_if_then(ptr addrspace(1) %mem, i32 %i, float %v) {
entry:
  %x = fmul float %v, 2.0
  %neg = fcmp olt float %x, 0.0
  br i1 %neg, label %then, label %join
then:
  %y = fneg float %x
  br label %join
join:
  %z = phi float [ %x, %entry ], [ %y, %then ]
  %p = getelementptr float, ptr addrspace(1) %mem, i32 %i
  %o = atomicrmw fmin ptr addrspace(1) %p, float %z monotonic, align 4
  ret void
}
