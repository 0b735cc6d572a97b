; aggregate=auto, the default (lower.c, auto_may_aggregate): aggregate=warp
; for an fmin/fmax/fminimum/fmaximum: with no test where the address is the
; same in every lane by construction (a kernel's pointer argument or a
; global, plus constant offsets), else with the run-time grouping tests;
; every other site as aggregate=none would lower it. With the result unused
; the leaders' atomic gets precheck=adaptive without the mixed-sign form
; (one lane per warp has no signs to compare); with it used, the leaders'
; predicated integer trick loads first (a predicated ld) while a hint of
; its own is hot, and learns into it (a no-op only in a learning warp). The per-lane path keeps the per-lane
; forms (the mixed-sign form where the result is used or the value is 64
; bits; these f32 sites' results are unused), and the hint of the path that a warp
; takes where its lanes' addresses are known to differ (or, with no such
; test, the one after the grouping test) is loaded at the top of the region
; that runs exactly when the atomic does.
; RUN: %fpa-opt --sm=90 --report=- -o /dev/null %s | %FileCheck %s --check-prefix=REPORT
; RUN: %fpa-opt --sm=90 --aggregate=auto --report=- -o /dev/null %s | %FileCheck %s --check-prefix=REPORT
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -S %s | %FileCheck %s
; RUN: %fpa-opt --sm=90 --aggregate=none --report=- -o /dev/null %s | %FileCheck %s --check-prefix=NONE
; RUN: %fpa-opt --sm=60 --report=- -o /dev/null %s | %FileCheck %s --check-prefix=NONE
; sm_70 with a module asking for PTX 7.0: llc -mcpu=sm_70 without -mattr
; still emits PTX 6.0, which has no activemask, so only an explicit ptx
; option lets aggregate=auto aggregate there.
; RUN: sed 's/^target triple.*/&\nattributes #0 = { "target-cpu"="sm_70" "target-features"="+ptx70" }/; s/^define \(.*\) {$/define \1 #0 {/' %s > %t.sm70.ll
; RUN: %fpa-opt --report=- -o /dev/null %t.sm70.ll | %FileCheck %s --check-prefix=NONE
; RUN: %fpa-opt --ptx=62 --report=- -o /dev/null %t.sm70.ll | %FileCheck %s --check-prefix=SM70
; SM70: : arg_min: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto
; llc and ptxas take the lowering (sm_80: LLVM 15 has no sm_90).
; RUN: %fpa-opt --sm=80 %s -o %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

@lo = internal addrspace(3) global float 0.0, align 4

; REPORT: : arg_min: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto (the address is the same in every lane): address is warp-uniform (kernel argument or global); order keys reduced by redux.sync; no per-lane path; each group's leader: int-trick: {{.*}}adaptive precheck: skipped when a load shows no change, while a hint in shared memory says recent updates were no-ops; the NaN-repair
; CHECK-LABEL: define ptx_kernel void @arg_min(
; CHECK: call i32 @llvm.nvvm.redux.sync.min(
; CHECK: warp.leader:
; CHECK: load atomic i32, ptr addrspace(3) @fpa.warp.hint{{.*}} syncscope("block") monotonic
; CHECK: hint.precheck:
; CHECK: load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic
; CHECK: hint.direct:
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK-NOT: vote.ballot
; CHECK-LABEL: define ptx_kernel void @arg_min_used(
define ptx_kernel void @arg_min(ptr addrspace(1) %p, float %v) {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; REPORT: : arg_min_used: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto (the address is the same in every lane): address is warp-uniform (kernel argument or global); order keys reduced by redux.sync; the leader's atomic is predicated PTX, and old values are rebuilt by a scan in lane order where a group's update changed memory; every lane loads first (predicated) while a hint in shared memory says recent updates were no-ops: a warp whose updates are all no-ops is done, else the leader skips a no-op; no per-lane path
; CHECK-NEXT: %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint[[LH:[0-9]+]] syncscope("block") monotonic
; While the hint is hot every lane reads its location first, and a warp
; whose updates are all no-ops there is done before the reduction; else the
; leader's precheck uses its lane's read and reads nothing more.
; CHECK: %[[HOT:.*]] = icmp ne i32 %{{.*}}, {{-?[1-9][0-9]*}}
; CHECK: %[[CUR:.*]] = call i32 asm sideeffect "{{.*}}@fpa_p ld.relaxed.gpu.global.b32 $0, [$2];{{.*}}"(i32 %{{.*}}, ptr addrspace(1) %p,
; CHECK: %lane.skip = and i1 %[[HOT]], %
; CHECK-NEXT: %lanes.noop = call i1 @llvm.nvvm.vote.all.sync(i32 %activemask, i1 %lane.skip)
; CHECK-NEXT: br i1 %lanes.noop, label %warp.lanes.noop, label %warp.lanes.go
; The leader skips by the lanes' own test of the hint, so only where its
; lane read (no second test of the hint word).
; CHECK: %total = call i32 @llvm.nvvm.redux.sync.min(
; CHECK-NOT: icmp ne i32 %{{.*}}, {{-?[1-9][0-9]*}}
; CHECK: %[[WANT:.*]] = and i1 %leader, %[[HOT]]
; CHECK-NOT: ld.relaxed
; CHECK: %leader.skip = and i1 %[[WANT]], %
; CHECK: atom.relaxed.gpu.global.min.s32
; CHECK: atom.relaxed.gpu.global.max.u32
; CHECK: select i1 %leader.skip, i32 %[[CUR]], i32 %int.old
; The leader learns with no branch: a change (the cold word) in every warp,
; a no-op (0, hot) only in a learning warp (%tid.x below 32); elsewhere its
; store goes to the word beside the hint, as the other lanes' do.
; CHECK: %[[NOOP:[0-9]+]] = icmp eq i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: %learner = icmp ult i32 %tid.x, 32
; CHECK: %[[CHG:[0-9]+]] = xor i1 %[[NOOP]], true
; CHECK: %teach = or i1 %[[CHG]], %learner
; CHECK: %hint.new = select i1 %[[NOOP]], i32 0, i32 {{-?[1-9][0-9]*}}
; CHECK: %[[ABOVE:[0-9]+]] = icmp ne i32 %{{[0-9]+}}, 0
; CHECK: %[[NT:[0-9]+]] = xor i1 %teach, true
; CHECK: %[[IDX:[0-9]+]] = or i1 %[[ABOVE]], %[[NT]]
; CHECK: %[[IDX32:[0-9]+]] = zext i1 %[[IDX]] to i32
; CHECK: %hint.dst = getelementptr inbounds [2 x i32], ptr addrspace(3) @fpa.warp.hint[[LH]], i32 0, i32 %[[IDX32]]
; CHECK: store atomic i32 %hint.new, ptr addrspace(3) %hint.dst syncscope("block") monotonic
; CHECK-NOT: vote.ballot
; CHECK-LABEL: define void @device_fn(
define ptx_kernel void @arg_min_used(ptr addrspace(1) %p, float %v, ptr addrspace(1) %q) {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  store float %o, ptr addrspace(1) %q
  ret void
}

; not a kernel: its argument may differ from lane to lane, so the lanes are
; grouped at run time; the per-lane path and the leaders meet at one atomic
; (warp.rmw), whose hint is loaded first
; REPORT: : device_fn: fmax float addrspace(1): rewritten warp-aggregated: aggregate=auto: lanes grouped by address {{.*}}; each group's leader: int-trick: {{.*}}adaptive precheck: skipped when a load shows no change, while a hint in shared memory says recent updates were no-ops; the NaN-repair{{.*}}
; CHECK-NEXT: load atomic i32, ptr addrspace(3) @fpa.warp.hint[[PL:[0-9]+]] syncscope("block") monotonic
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(
; CHECK: %shared = call i1 @llvm.nvvm.vote.any.sync(
; CHECK: warp.perlane:
; CHECK-NEXT: br label %warp.rmw
; CHECK: %total = call i32 @llvm.nvvm.redux.sync.max(
; CHECK: warp.leader:
; CHECK-NOT: atomicrmw
; CHECK: br label %warp.rmw
; CHECK: warp.rmw:
; CHECK-NEXT: %warp.operand = phi i32 [ %vbits, %warp.perlane ], [ {{%.*}}, %warp.leader ]
; CHECK-NOT: load atomic i32, ptr addrspace(3) @fpa.warp.hint
; CHECK: %hot{{[0-9]*}} = icmp ne i32
; CHECK-NOT: vote.ballot
; CHECK: %plain{{[0-9]*}} = and i1
; CHECK-NOT: vote.ballot
; CHECK: atomicrmw max ptr addrspace(1) %p
; CHECK: atomicrmw umin ptr addrspace(1) %p
; CHECK: hint.learn:
; CHECK: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint[[PL]]
; CHECK-NOT: @fpa.warp.hint
; CHECK: warp.end:
; CHECK-LABEL: define ptx_kernel void @arg_offset_max(
define void @device_fn(ptr addrspace(1) %p, float %v) {
  %o = atomicrmw fmax ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; REPORT: : arg_offset_max: fmax double addrspace(1): rewritten warp-aggregated: aggregate=auto {{.*}}; each group's leader: int-trick:
; CHECK: call {{.*}}@llvm.nvvm.{{redux.sync|shfl.sync}}
; CHECK-LABEL: define ptx_kernel void @per_thread(
define ptx_kernel void @arg_offset_max(ptr addrspace(1) %p, double %v) {
  %q = getelementptr inbounds double, ptr addrspace(1) %p, i64 5
  %o = atomicrmw fmax ptr addrspace(1) %q, double %v syncscope("device") monotonic, align 8
  ret void
}

; lanes known to differ under a test of %ntid.x: one branch to the per-lane
; atomic (warp.rmw, which the leaders share), whose hint is loaded before it
; REPORT: : per_thread: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto: {{.*}}per lane with no grouping test where the lanes' addresses differ (a run-time test: %ntid.x a multiple of 32{{.*}}; each group's leader: int-trick:
; CHECK-NEXT: load atomic i32, ptr addrspace(3) @fpa.warp.hint[[FAST:[0-9]+]] syncscope("block") monotonic
; CHECK: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks
; CHECK: warp.distinct:
; CHECK-NEXT: br label %warp.rmw
; CHECK: warp.rmw:
; CHECK-NEXT: %warp.operand = phi i32 [ %vbits, %warp.distinct ], [ {{%.*}}, %warp.leader ]
; CHECK-NOT: load atomic i32, ptr addrspace(3) @fpa.warp.hint[[FAST]]
; CHECK-NOT: vote.ballot
; CHECK: %plain{{[0-9]*}} = and i1
; CHECK-NOT: vote.ballot
; CHECK: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint[[FAST]]
; CHECK-LABEL: define ptx_kernel void @shared_global(
define ptx_kernel void @per_thread(ptr addrspace(1) %p, float %v) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i32 %tid
  %o = atomicrmw fmin ptr addrspace(1) %q, float %v syncscope("device") monotonic, align 4
  ret void
}

; REPORT: : shared_global: fmax float addrspace(3): rewritten warp-aggregated: aggregate=auto
; CHECK: call i32 @llvm.nvvm.redux.sync.max(
; CHECK-LABEL: define ptx_kernel void @not_taken(
define ptx_kernel void @shared_global(float %v) {
  %o = atomicrmw fmax ptr addrspace(3) @lo, float %v syncscope("block") monotonic, align 4
  ret void
}

; fadd (combining reassociates), volatile, seq_cst: as with aggregate=none
; REPORT: : not_taken: fadd float addrspace(1): rewritten fadd-guarded:
; REPORT: : not_taken: fmin float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair; {{fenced|note: this LLVM.s NVPTX backend has no fences}}
; REPORT: : not_taken: fmax float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair{{$}}
; CHECK-NOT: redux.sync
; CHECK: ret void
define ptx_kernel void @not_taken(ptr addrspace(1) %p, float %v) {
  %a = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  %b = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") seq_cst, align 4
  %c = atomicrmw volatile fmax ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; NONE-NOT: warp-aggregated
; NONE: : arg_min: fmin float addrspace(1): rewritten int-trick
; NONE: : device_fn: fmax float addrspace(1): rewritten int-trick
; NONE: : per_thread: fmin float addrspace(1): rewritten int-trick
; NONE-NOT: warp-aggregated

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
