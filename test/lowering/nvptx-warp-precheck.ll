; aggregate=warp with warp-precheck (opt-in): on the per-lane path, where the
; integer trick reads old values anyway (NaN repair or a used result), a warp
; asks a hint in shared memory whether to read first and skip no-ops. mixed:
; only a warp whose lanes need both integer atomics asks, found by the
; grouping shuffle with the operand's sign in address bit 0; all: every warp
; on the per-lane path. Both forms are exact; test/verify/warp-sim.test runs
; them on simulated warps, and the stores of the hint show that both ran.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed>' -S %s | %FileCheck %s --check-prefixes=CHECK,MIXED
; RUN: %fpa-opt --sm=80 --aggregate=warp --warp-precheck=mixed %s | %FileCheck %s --check-prefixes=CHECK,MIXED
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=all>' -S %s | %FileCheck %s --check-prefixes=CHECK,ALL
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %fpa-opt --sm=80 --aggregate=warp --warp-precheck=mixed --report %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REPORT
; RUN: %not %fpa-opt --warp-precheck=some %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
; No hint where the per-lane form has no old value to learn from
; (nan-free-memory, unused result).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed;assume=nan-free-memory>' -S %s | %FileCheck %s --check-prefix=NANFREE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; One word of shared memory per site that has the hint.
; CHECK: @fpa.warp.hint = internal addrspace(3) global i32 undef, align 4
; CHECK: @fpa.warp.hint1 = internal addrspace(3) global i32 undef, align 4
; CHECK-NOT: @fpa.warp.hint2 =
; OFF-NOT: fpa.warp.hint
; BAD: fpa-opt: error: invalid value 'some' for option 'warp-precheck' (expected off, mixed or all)

; REPORT: fmin_f32: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}; per lane, a warp with operands of both signs loads first and skips no-ops while a hint in shared memory says most updates are no-ops (warp-precheck=mixed)
; REPORT: fmax_f64_used: {{.*}}(warp-precheck=mixed)

define void @fmin_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fmin_f32(
; The grouping shuffle: with mixed, the sign rides in bit 0 of the address.
; MIXED:      %neg = icmp slt i32 %vbits, 0
; MIXED:      %addr.sign = or i32 %{{.*}}, %{{.*}}
; MIXED:      call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask, i32 %addr.sign, i32 1, i32 0)
; MIXED:      %signflip = and i1
; MIXED:      %odd = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask, i1
; MIXED-NEXT: br i1 %odd, label %warp.which, label %warp.perlane, !prof
; ALL:        %shared = call i1 @llvm.nvvm.vote.any.sync(
; ALL-NEXT:   br i1 %shared, label %warp.shared, label %warp.perlane, !prof
; Plain per-lane warps (mixed) do the per-lane form and leave, with nothing
; after their atomics that waits for the rest of the warp; all: they ask.
; CHECK:      warp.perlane:
; MIXED-NOT:  fpa.warp.hint
; MIXED:      atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; MIXED:      atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; MIXED-NOT:  fpa.warp.hint
; MIXED:      br label %warp.end
; ALL-NEXT:   br label %warp.hint
; CHECK:      warp.hint:
; CHECK-NEXT: [[H:%.*]] = load atomic i32, ptr addrspace(3) @fpa.warp.hint monotonic, align 4
; CHECK-NEXT: [[F:%.*]] = freeze i32 [[H]]
; CHECK-NEXT: %hot = icmp ne i32 [[F]], 0
; CHECK-NEXT: br i1 %hot, label %warp.perlane.precheck, label %warp.perlane.direct
; A warp with a pair or a sign flip votes again: pairs go to the grouping.
; MIXED:      warp.which:
; MIXED-NEXT: %shared = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask, i1
; MIXED-NEXT: br i1 %shared, label %warp.shared, label %warp.hint
; The precheck form: a load of the location first, then the integer ops.
; CHECK:      warp.perlane.precheck:
; CHECK:      %cur = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK:      %nochange = icmp eq i32 {{%.*}}, %cur
; CHECK:      atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; CHECK:      atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; CHECK:      warp.perlane.direct:
; CHECK:      atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; CHECK:      atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; The lowest lane stores what its update showed.
; CHECK:      warp.perlane.done:
; CHECK-NEXT: %perlane.old = phi i32
; CHECK:      %noop = icmp sge i32
; CHECK:      %relearn = and i1
; CHECK:      warp.learn:
; CHECK-NEXT: [[Z:%.*]] = zext i1 %noop to i32
; CHECK-NEXT: store atomic i32 [[Z]], ptr addrspace(3) @fpa.warp.hint monotonic, align 4
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; double, result used: the old value comes from either form.
define double @fmax_f64_used(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_f64_used(
; CHECK:      load atomic i32, ptr addrspace(3) @fpa.warp.hint1 monotonic
; CHECK:      %cur = load atomic i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:      %perlane.old = phi i64
; CHECK:      %noop = icmp sle i64
; CHECK:      store atomic i32 {{%.*}}, ptr addrspace(3) @fpa.warp.hint1 monotonic
; CHECK:      phi i64 [ %lane.old, {{%.*}} ], [ %perlane.old, %warp.perlane.exit ]
  %o = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %o
}

; NANFREE: @fpa.warp.hint = internal addrspace(3) global i32 undef, align 4
; NANFREE-NOT: @fpa.warp.hint1 =
; NANFREE-LABEL: define void @fmin_f32(
; NANFREE-NOT:   fpa.warp.hint
; NANFREE-LABEL: define double @fmax_f64_used(
; NANFREE:       load atomic i32, ptr addrspace(3) @fpa.warp.hint monotonic
