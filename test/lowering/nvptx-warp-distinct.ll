; aggregate=warp sends a warp straight to the per-lane path, with no
; grouping test, where the address is known to differ in every lane of a
; warp (lib/lanes.c): built from %tid.x or %laneid by steps that keep five
; bits telling the lanes apart, under a run-time test of values that are
; the same in every lane (%ntid for consecutive %tid.x in a warp; a mask's
; bits). Where that test fails the grouping tests run as before.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s
; RUN: %fpa-opt --sm=80 --aggregate=warp %s | %FileCheck %s
; Under ASan/UBSan (where built): a warp-aggregated site makes atomics for
; the per-lane lowering (one that the paths share, or with warp-precheck
; the leaders' forms and the per-lane path's).
; RUN: %fpa-opt-asan --sm=80 --aggregate=warp %s | %FileCheck %s
; RUN: %fpa-opt-asan --sm=80 --aggregate=warp --warp-precheck=mixed %s | %FileCheck %s --check-prefix=MIXED
; RUN: %fpa-opt --sm=80 --aggregate=warp --report=- -o /dev/null %s | %FileCheck %s --check-prefix=REPORT
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed>' -S %s | %FileCheck %s --check-prefix=MIXED
; RUN: %fpa-opt --sm=80 --aggregate=warp --warp-precheck=all %s | %FileCheck %s --check-prefix=ALL

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; out[blockIdx.x * blockDim.x + threadIdx.x]: distinct when %ntid.x is a
; multiple of 32 (then each warp's %tid.x are consecutive); the test comes
; before anything else, and the distinct path goes straight to the per-lane
; atomic, which the grouping path's per-lane fallback and leaders share;
; only the other path reads the masks and runs the grouping tests.
; REPORT: gid: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}; per lane with no grouping test where the lanes' addresses differ (a run-time test: %ntid.x a multiple of 32, so that a warp's %tid.x are consecutive);
; CHECK-LABEL: define ptx_kernel void @gid(
; CHECK: %vbits = bitcast float %v to i32
; CHECK-NEXT: [[X:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT: [[XL:%[0-9]+]] = and i32 [[X]], 31
; CHECK-NEXT: %lanes.distinct = icmp eq i32 [[XL]], 0
; CHECK-NEXT: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks, !prof
; CHECK: warp.perlane:
; CHECK-NEXT: br label %warp.distinct
; CHECK: warp.distinct:
; CHECK-NEXT: br label %warp.rmw
; CHECK: warp.checks:
; CHECK-NEXT: %activemask = call i32 {{.*}}activemask
; CHECK: shfl.sync.up
; CHECK: br i1 %shared, label %warp.shared, label %warp.perlane
; CHECK: warp.leader:
; CHECK-NOT: atomicrmw
; CHECK: br label %warp.rmw
; CHECK: warp.rmw:
; CHECK-NEXT: %warp.operand = phi i32 [ %vbits, %warp.distinct ], [ {{%.*}}, %warp.leader ]
; CHECK-NOT: call
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK: atomicrmw umax ptr addrspace(1) %p
; CHECK-NOT: {{^}}warp.
; CHECK: warp.end:
define ptx_kernel void @gid(ptr addrspace(1) %out, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; buf[(tid * 3 + k) & mask] in pairs {float, float}, field 1: the mask must
; keep bits 0..4 of the index (after the multiply by 3, odd); the element
; is 8 bytes, so the address keeps them as bits 3..7. The conditions are
; one test: the low five bits of %ntid.x | ~%mask are all zeros.
; REPORT: masked: fmax float addrspace(1): rewritten warp-aggregated: {{.*}}(a run-time test: %ntid.x a multiple of 32, so that a warp's %tid.x are consecutive; the address's masks keep the five bits that tell the lanes apart);
; CHECK-LABEL: define ptx_kernel void @masked(
; CHECK: [[X:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT: [[NM:%[0-9]+]] = xor i32 %mask, -1
; CHECK-NEXT: [[O:%[0-9]+]] = or i32 [[X]], [[NM]]
; CHECK-NEXT: [[L:%[0-9]+]] = and i32 [[O]], 31
; CHECK-NEXT: %lanes.distinct = icmp eq i32 [[L]], 0
; CHECK-NEXT: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks, !prof
define ptx_kernel void @masked(ptr addrspace(1) %mem, i32 %mask, i32 %k, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t3 = mul i32 %tid, 3
  %tk = add i32 %t3, %k
  %a = and i32 %tk, %mask
  %p = getelementptr { float, float }, ptr addrspace(1) %mem, i32 %a, i32 1
  %o = atomicrmw fmax ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; A mask applied after a shift: bits 2..6 of the mask must be ones.
; CHECK-LABEL: define ptx_kernel void @mask_after_shift(
; CHECK: [[S:%[0-9]+]] = lshr i64 %mask, 2
; CHECK-NEXT: [[T:%[0-9]+]] = trunc i64 [[S]] to i32
; CHECK-NEXT: [[NM:%[0-9]+]] = xor i32 [[T]], -1
; CHECK-NEXT: [[O:%[0-9]+]] = or i32 %{{[0-9]+}}, [[NM]]
; CHECK-NEXT: [[L:%[0-9]+]] = and i32 [[O]], 31
; CHECK-NEXT: %lanes.distinct = icmp eq i32 [[L]], 0
define ptx_kernel void @mask_after_shift(ptr %mem, i64 %mask, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %off = shl i64 %t64, 2
  %a = and i64 %off, %mask
  %base = ptrtoint ptr %mem to i64
  %ai = add i64 %base, %a
  %p = inttoptr i64 %ai to ptr
  %o = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; %laneid needs no test: the branch is on true.
; REPORT: lane: fmin double addrspace(1): rewritten warp-aggregated: {{.*}}; per lane with no grouping test where the lanes' addresses differ;
; CHECK-LABEL: define ptx_kernel void @lane(
; CHECK: br i1 true, label %warp.distinct, label %warp.checks
define ptx_kernel void @lane(ptr addrspace(1) %mem) {
entry:
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %p = getelementptr double, ptr addrspace(1) %mem, i32 %l
  %o = atomicrmw fmin ptr addrspace(1) %p, double 1.0 syncscope("device") monotonic, align 8
  ret void
}

; A generic pointer cast from global keeps "different in every lane", and
; a constant offset after it too.
; REPORT: cast: fmin float addrspace(0): {{.*}}; per lane with no grouping test
; CHECK-LABEL: define ptx_kernel void @cast(
; CHECK: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks
define ptx_kernel void @cast(ptr addrspace(1) %mem, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr float, ptr addrspace(1) %mem, i32 %tid
  %g = addrspacecast ptr addrspace(1) %q to ptr
  %p = getelementptr i8, ptr %g, i64 16
  %o = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; Where the lanes may share an address, or nothing is known, no test: a
; constant mask that drops one of the five bits, a shift that drops one, a
; division, %tid.y, a loaded index, a multiply by a kernel argument (which
; may be 0), two varying terms, and the arguments of a function that is not
; a kernel (not known to be the same in every lane).
; REPORT-NOT: per lane with no grouping test
; REPORT: early: fmin float addrspace(1): {{.*}}; per lane with no grouping test
; CHECK-LABEL: define ptx_kernel void @shares(
; CHECK-NOT: warp.distinct
; CHECK: ret void
define ptx_kernel void @shares(ptr addrspace(1) %mem, ptr addrspace(1) %idx, i32 %n, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tidy = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %a0 = and i32 %tid, 47
  %p0 = getelementptr float, ptr addrspace(1) %mem, i32 %a0
  %o0 = atomicrmw fmin ptr addrspace(1) %p0, float %v syncscope("device") monotonic, align 4
  %a1 = lshr i32 %tid, 1
  %p1 = getelementptr float, ptr addrspace(1) %mem, i32 %a1
  %o1 = atomicrmw fmin ptr addrspace(1) %p1, float %v syncscope("device") monotonic, align 4
  %a2 = udiv i32 %tid, 3
  %p2 = getelementptr float, ptr addrspace(1) %mem, i32 %a2
  %o2 = atomicrmw fmin ptr addrspace(1) %p2, float %v syncscope("device") monotonic, align 4
  %p3 = getelementptr float, ptr addrspace(1) %mem, i32 %tidy
  %o3 = atomicrmw fmin ptr addrspace(1) %p3, float %v syncscope("device") monotonic, align 4
  %ip = getelementptr i32, ptr addrspace(1) %idx, i32 %tid
  %j = load i32, ptr addrspace(1) %ip, align 4
  %p4 = getelementptr float, ptr addrspace(1) %mem, i32 %j
  %o4 = atomicrmw fmin ptr addrspace(1) %p4, float %v syncscope("device") monotonic, align 4
  %a5 = mul i32 %tid, %n
  %p5 = getelementptr float, ptr addrspace(1) %mem, i32 %a5
  %o5 = atomicrmw fmin ptr addrspace(1) %p5, float %v syncscope("device") monotonic, align 4
  %a6 = add i32 %tid, %l
  %p6 = getelementptr float, ptr addrspace(1) %mem, i32 %a6
  %o6 = atomicrmw fmin ptr addrspace(1) %p6, float %v syncscope("device") monotonic, align 4
  ret void
}
; CHECK-LABEL: define void @not_kernel(
; CHECK-NOT: warp.distinct
; CHECK: ret void
define void @not_kernel(ptr addrspace(1) %mem, i32 %m, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %tid, %m
  %p = getelementptr float, ptr addrspace(1) %mem, i32 %a
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; Where the grouping test could be made early (the atomic after an
; if-then), a distinct address keeps it at the atomic, after the distinct
; test: nothing is added before the operand's computation.
; CHECK-LABEL: define ptx_kernel void @early(ptr
; CHECK: entry:
; CHECK-NOT: call {{.*}}@llvm.nvvm.{{activemask|shfl|vote}}
; CHECK: br i1 %neg, label %then, label %join
; CHECK: join:
; CHECK: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks, !prof [[LIKELY:![0-9]+]]
; CHECK: warp.checks:
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32
; CHECK: %shared = call i1 @llvm.nvvm.vote.any.sync
; CHECK-NEXT: br i1 %shared, label %warp.shared, label %warp.perlane
; CHECK: [[LIKELY]] = !{!"branch_weights", i32 16, i32 1}
define ptx_kernel void @early(ptr addrspace(1) %mem, float %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %neg = fcmp olt float %v, 0.0
  br i1 %neg, label %then, label %join
then:
  %y = fneg float %v
  br label %join
join:
  %z = phi float [ %v, %entry ], [ %y, %then ]
  %p = getelementptr float, ptr addrspace(1) %mem, i32 %tid
  %o = atomicrmw fmin ptr addrspace(1) %p, float %z syncscope("device") monotonic, align 4
  ret void
}

; warp-precheck=mixed: one branch takes a warp whose addresses differ,
; whose hint (the word read at the top) is cold, and whose %tid.x is 32 or
; more straight to its own per-lane atomic, in the direct form without
; learning; a second sends such a warp with %tid.x below 32 to the
; learning direct form: after the atomic, a lane that saw a no-op stores 0
; in the hint. Where the hint is hot, vote.uni of the operands' signs: one
; sign goes to the plain per-lane atomic, both signs on to the hint's
; forms.
; MIXED-LABEL: define ptx_kernel void @gid(
; MIXED: %hint.word = load atomic i32
; MIXED-NOT: sreg.clock
; MIXED: %lanes.distinct = icmp eq i32
; MIXED-NEXT: [[F:%.*]] = freeze i32 %hint.word
; MIXED-NEXT: %hot = icmp ne i32 [[F]], {{-?[1-9][0-9]*}}
; MIXED-NEXT: [[NH:%.*]] = xor i1 %hot, true
; MIXED-NEXT: %cold = and i1 %lanes.distinct, [[NH]]
; MIXED-NEXT: %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; MIXED-NEXT: %learner = icmp ult i32 %tid.x, 32
; MIXED-NEXT: [[NL:%.*]] = xor i1 %learner, true
; MIXED-NEXT: %plain = and i1 %cold, [[NL]]
; MIXED-NEXT: br i1 %plain, label %warp.distinct.perlane, label %warp.distinct.learner, !prof
; MIXED: warp.distinct:
; MIXED-NEXT: [[M:%.*]] = call i32 {{.*}}activemask
; MIXED-NEXT: %neg = icmp slt i32 %vbits, 0
; MIXED-NEXT: %onesign = call i1 @llvm.nvvm.vote.uni.sync(i32 [[M]], i1 %neg)
; MIXED-NEXT: br i1 %onesign, label %warp.distinct.perlane, label %warp.hint
; MIXED: warp.distinct.perlane:
; MIXED-NOT: fpa.warp.hint
; MIXED: atomicrmw min ptr addrspace(1) %p
; MIXED-NOT: fpa.warp.hint
; MIXED: warp.distinct.learn:
; MIXED-NOT: %hint.dst
; MIXED: atomicrmw min ptr addrspace(1) %p
; MIXED: %wasnoop{{[0-9]*}} = icmp eq i32
; MIXED: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic
; MIXED: warp.distinct.learner:
; MIXED-NEXT: br i1 %cold, label %warp.distinct.learn, label %warp.distinct.test
; MIXED: warp.distinct.test:
; MIXED-NEXT: br i1 %lanes.distinct, label %warp.distinct, label %warp.checks
; The precheck form finds its lowest active lane, which learns, with its
; own masks (a warp may come from either path).
; MIXED: warp.perlane.precheck:
; MIXED: [[LT:%lanemask.lt.hint[0-9]*]] = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; MIXED-NEXT: [[HM:%.*]] = call i32 {{.*}}activemask
; MIXED-NEXT: [[B:%[0-9]+]] = and i32 [[HM]], [[LT]]
; MIXED-NEXT: %lowest{{[0-9]*}} = icmp eq i32 [[B]], 0
; MIXED-LABEL: define ptx_kernel void @masked(

; warp-precheck=all: the same branches where the hint is cold; a hot hint
; sends every warp on the distinct path to ask.
; ALL-LABEL: define ptx_kernel void @gid(
; ALL: %cold = and i1 %lanes.distinct,
; ALL: %plain = and i1 %cold,
; ALL-NEXT: br i1 %plain, label %warp.distinct.perlane, label %warp.distinct.learner, !prof
; ALL: warp.distinct:
; ALL-NEXT: br label %warp.hint
; ALL: warp.distinct.perlane:
; ALL-NOT: fpa.warp.hint
; ALL: atomicrmw min ptr addrspace(1) %p
; ALL: warp.distinct.learn:
; ALL: atomicrmw min ptr addrspace(1) %p
; ALL: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic
; ALL-LABEL: define ptx_kernel void @masked(

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
