; precheck=adaptive, the default from sm_70 (build_hint.c): each warp picks
; the integer trick's precheck form (load first, no atomic where the load
; shows a no-op) or its direct form by a per-site hint in shared memory,
; and both forms learn into it. Only for non-volatile monotonic atomics on
; NVPTX sm_70+ without aggregate=warp; elsewhere the plain trick.
; With NaN repair, where the PTX the code is sure to get has activemask
; (6.2: sm_75's minimum, or an explicit ptx option), and the result is used
; or the value is 64 bits, a warp of the direct form whose operands have
; both signs first tries one cmpxchg from a loaded value (CAS); for sm_70
; with no ptx option there is no such form (llc's default PTX for sm_70 is
; 6.0), nor for an unused f32 (fmin_f32). The runs pass aggregate=none: these
; kernels' unused updates of a pointer argument would otherwise be
; aggregated by the default aggregate=auto (nvptx-aggregate-auto.ll).
; RUN: %fpa-opt --aggregate=none --sm=70 %s | %FileCheck %s --check-prefixes=CHECK,SM70
; RUN: %opt %loadplugin -passes='lower-fp-atomics<aggregate=none;sm=90>' -S %s | %FileCheck %s --check-prefixes=CHECK,CAS
; RUN: %fpa-opt --aggregate=none --sm=80 --precheck=adaptive %s | %FileCheck %s --check-prefixes=CHECK,CAS
; RUN: %fpa-opt --aggregate=none --sm=70 --ptx=63 %s | %FileCheck %s --check-prefixes=CHECK,CAS
; RUN: %fpa-opt --aggregate=none --sm=70 --report=- -o /dev/null %s | %FileCheck %s --check-prefixes=REPORT,REPORT70
; RUN: %fpa-opt --aggregate=none --sm=90 --report=- -o /dev/null %s | %FileCheck %s --check-prefixes=REPORT,REPORTCAS
; Without NaN repair (assume=nan-free-memory), the direct form of a warp
; that does not learn does not wait for the old value: three forms.
; RUN: %fpa-opt --aggregate=none --sm=90 --assume=nan-free-memory %s | %FileCheck %s --check-prefix=NANFREE
; There, and for sm_70 with no ptx option, no mixed-sign form.
; RUN: %fpa-opt --aggregate=none --sm=90 --assume=nan-free-memory %s | %FileCheck %s --check-prefix=NOCAS
; RUN: %fpa-opt --aggregate=none --sm=70 %s | %FileCheck %s --check-prefix=NOCAS
; NOCAS-NOT: ballot
; NOCAS-NOT: hint.cas
; Not below sm_70, not with precheck=off or =on, not with aggregate=warp
; (there warp-precheck chooses): no hint at all.
; RUN: %fpa-opt --aggregate=none --sm=60 %s | %FileCheck %s --check-prefix=NOHINT
; RUN: %fpa-opt --aggregate=none --sm=90 --precheck=off %s | %FileCheck %s --check-prefix=NOHINT
; RUN: %fpa-opt --aggregate=none --sm=90 --precheck=on %s | %FileCheck %s --check-prefix=NOHINT
; RUN: %fpa-opt --sm=90 --aggregate=warp %s | %FileCheck %s --check-prefix=NOHINT
; NOHINT-NOT: fpa.warp.hint
; NOHINT-NOT: hint.
; The code needs no activemask (PTX 6.2): llc's default PTX for sm_70 is
; 6.0, and the lowered module compiles there.
; RUN: %fpa-opt --aggregate=none --sm=70 %s -o %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_70 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; PTX-NOT: activemask
; PTX: .shared .align 4 .b8 fpa_$_warp_$_hint[8];
; PTX: %laneid

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The hint is read at the top and %tid.x below 32 marks a learning warp.
; An unused f32 has no mixed-sign form: a warp with a cold hint that does
; not learn takes the integer trick alone (hint.direct, marked likely);
; the others ask the hint: hot, the precheck form; cold, the learning
; direct form (hint.learn).
; CHECK: @fpa.warp.hint = internal addrspace(3) global [2 x i32] undef, align 4
; CHECK: @fpa.warp.hint1 = internal addrspace(3) global [2 x i32] undef, align 4
; CHECK-LABEL: define ptx_kernel void @fmin_f32(
; CHECK-NEXT: %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK-NEXT: %vbits = bitcast float %v to i32
; CHECK-NEXT: [[F:%[0-9]+]] = freeze i32 %hint.word
; CHECK-NEXT: %hot = icmp ne i32 [[F]], [[COLD:-?[1-9][0-9]*]]
; CHECK-NEXT: %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %learner = icmp ult i32 %tid.x, 32
; CHECK-NEXT: [[NL:%[0-9]+]] = xor i1 %learner, true
; CHECK-NEXT: [[NH:%[0-9]+]] = xor i1 %hot, true
; CHECK-NEXT: %plain = and i1 [[NH]], [[NL]]
; CHECK-NEXT: br i1 %plain, label %hint.direct, label %hint.ask, !prof [[W:![0-9]+]]
; The precheck form: no store where the load shows a no-op; where it shows
; a change, lane 0 steps the hint down before the atomics: to the warm word
; (the cold word ^ 1, which reads hot) where the warp read 0, else to the
; cold word; the atomics' old values teach nothing.
; CHECK: hint.precheck:
; CHECK: %laneid = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT: %lane0 = icmp eq i32 %laneid, 0
; CHECK-NOT: store
; CHECK: %cur = load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic, align 4
; CHECK-NOT: store
; CHECK: %skip = and i1 %nochange,
; CHECK-NEXT: br i1 %skip, label %atomicrmw.end, label %atomicrmw.update
; CHECK: atomicrmw.update:
; CHECK-NEXT: [[SEEN:%[0-9]+]] = freeze i32 %hint.word
; CHECK-NEXT: %hint.was0 = icmp eq i32 [[SEEN]], 0
; CHECK-NEXT: %hint.down = select i1 %hint.was0, i32 {{-?[0-9]+}}, i32 [[COLD]]
; CHECK-NEXT: br i1 %lane0, label %atomicrmw.learn, label %atomicrmw.learned
; CHECK: atomicrmw.learn:
; CHECK-NEXT: store atomic i32 %hint.down, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK-NEXT: br label %atomicrmw.learned
; CHECK: atomicrmw.learned:
; CHECK-NEXT: br i1 %signbit,
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK: atomicrmw umax ptr addrspace(1) %p
; CHECK: %old = phi i32
; CHECK-NOT: store
; CHECK: %sticky{{[0-9]*}} = icmp ugt i32 %old
; CHECK-NOT: store
; A hot learning warp stores 0 (hot) on its way to the precheck form, so
; that the hint turns cold only after two changes seen at loads with no
; learning warp between.
; CHECK: hint.refresh:
; CHECK-NEXT: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK-NEXT: br label %hint.precheck
; The plain direct form: the integer atomics and the NaN repair, no store.
; CHECK: hint.direct:
; CHECK-NOT: {{store|cmpxchg|hint.cas}}
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK-NOT: {{store|cmpxchg|hint.cas}}
; CHECK: atomicrmw umax ptr addrspace(1) %p
; CHECK-NOT: {{store|cmpxchg|hint.cas}}
; CHECK: call i32 @fpa.nanrepair.fmin.f32.p1.device.monotonic(
; The learning direct form: 0 (hot) into the hint after a no-op.
; CHECK: hint.learn:
; CHECK-NOT: {{store|cmpxchg|hint.cas}}
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK: atomicrmw umax ptr addrspace(1) %p
; CHECK: %wasnoop[[N:[0-9]*]] = icmp eq i32
; CHECK-NEXT: br i1 %wasnoop[[N]],
; CHECK: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; CHECK: hint.ask:
; CHECK-NEXT: br i1 %learner, label %hint.learner, label %hint.precheck
; CHECK: hint.learner:
; CHECK-NEXT: br i1 %hot, label %hint.refresh, label %hint.learn
; CHECK-NOT: hint.cas
; CHECK: hint.end:
; CHECK-NEXT: ret void
define ptx_kernel void @fmin_f32(ptr addrspace(1) %p, float %v) {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; A used result: the forms' old values meet at hint.end (with CAS, the
; precheck form's, the direct form's and the mixed-sign form's; on sm_70,
; the precheck, learning and plain direct forms'). A 64-bit value's sign
; ballot is in the direct form, over the activemask of the lanes that took
; it, so that the precheck form does not pay it.
; CHECK-LABEL: define double @fmax_f64_used(
; CHECK: %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint1
; CAS-NOT: ballot
; CAS: %hot.plain = and i1 %hot,
; CAS-NEXT: br i1 %hot.plain, label %hint.precheck, label %hint.cold
; CHECK: %cur = load atomic i64, ptr %p syncscope("device") monotonic, align 8
; CAS: hint.direct:
; CAS-NEXT: %neg = icmp slt i64 %vbits, 0
; CAS-NEXT: %activemask = call i32 {{@llvm.nvvm.activemask\(\)|asm sideeffect "activemask.b32 \$0;", "=r"\(\)}}
; CAS-NEXT: %signs = call i32 @llvm.nvvm.vote.ballot.sync(i32 %activemask, i1 %neg)
; CAS: br i1 %mixed, label %hint.cas.load, label %hint.int
; With CAS, the mixed-sign form takes PTX max.f64, and its loaded value is
; its old value.
; CAS: %cas.vnan = icmp ugt i64 {{%[0-9]+}}, 9218868437227405312
; CAS: %cas.minmax = call double @llvm.nvvm.fmax.d(double
; CAS: %cas.next = select i1 %cas.vnan, i64 %cas.cur, i64
; CHECK: hint.end:
; SM70-NEXT: [[P:%[0-9]+]] = phi i64 [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ {{%[0-9]+}}, %atomicrmw.end{{[0-9]*}} ]{{$}}
; CAS-NEXT: [[P:%[0-9]+]] = phi i64 [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ %cas.cur, %hint.cas.done ]{{$}}
; CHECK-NEXT: %o = bitcast i64 [[P]] to double
; CHECK-NEXT: ret double %o
define double @fmax_f64_used(ptr %p, double %v) {
  %o = atomicrmw fmax ptr %p, double %v syncscope("device") monotonic, align 8
  ret double %o
}

; A used f32: with CAS, two forms, a cold hint taking the direct form
; (marked likely; a hot learning warp stores 0 into the hint on its way to
; the precheck form from there), where a warp whose operands have both signs first tries
; the mixed-sign form; the sign test is made where the lanes are together
; at the site, before the hint's branch: a ballot of the operands' sign
; bits over activemask. sm_70 with no ptx option: the plain layout.
; CHECK-LABEL: define ptx_kernel void @fmin_f32_used(
; CHECK-NEXT: %hint.word = load atomic i32, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; CHECK-NEXT: %vbits = bitcast float %v to i32
; CHECK-NEXT: [[F2:%[0-9]+]] = freeze i32 %hint.word
; CHECK-NEXT: %hot = icmp ne i32 [[F2]], [[COLD2:-?[1-9][0-9]*]]
; CHECK-NEXT: %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %learner = icmp ult i32 %tid.x, 32
; SM70-NEXT: [[NL2:%[0-9]+]] = xor i1 %learner, true
; SM70-NEXT: [[NH2:%[0-9]+]] = xor i1 %hot, true
; SM70-NEXT: %plain = and i1 [[NH2]], [[NL2]]
; SM70-NEXT: br i1 %plain, label %hint.direct, label %hint.ask, !prof [[W]]
; SM70-NOT: hint.cas
; CAS-NEXT: %neg = icmp slt i32 %vbits, 0
; CAS-NEXT: %activemask = call i32 {{@llvm.nvvm.activemask\(\)|asm sideeffect "activemask.b32 \$0;", "=r"\(\)}}
; CAS-NEXT: %signs = call i32 @llvm.nvvm.vote.ballot.sync(i32 %activemask, i1 %neg)
; CAS-NEXT: [[A:%[0-9]+]] = icmp ne i32 %signs, %activemask
; CAS-NEXT: [[B:%[0-9]+]] = icmp ne i32 %signs, 0
; CAS-NEXT: %mixed = and i1 [[B]], [[A]]
; CAS-NEXT: [[NL3:%[0-9]+]] = xor i1 %learner, true
; CAS-NEXT: %hot.plain = and i1 %hot, [[NL3]]
; CAS-NEXT: br i1 %hot.plain, label %hint.precheck, label %hint.cold, !prof [[W2:![0-9]+]]
; CAS: hint.precheck:
; CAS: %cur = load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic, align 4
; The direct form: 0 (hot) into the hint after an atomic that was a no-op,
; in a learning warp only. A mixed-sign warp goes to hint.cas.load first,
; and a failed cmpxchg comes back to the integer atomics (hint.int).
; CAS: hint.direct:
; CAS-NEXT: br i1 %mixed, label %hint.cas.load, label %hint.int
; CAS: hint.cold:
; CAS-NEXT: br i1 %hot, label %hint.refresh, label %hint.direct
; CAS: hint.int:
; CAS-SAME: preds = %hint.cas.try, %hint.direct
; CAS-NOT: store
; CAS: atomicrmw min ptr addrspace(1) %p
; CAS: atomicrmw umax ptr addrspace(1) %p
; CAS: %wasnoop[[N2:[0-9]*]] = icmp eq i32
; CAS-NEXT: %learn.if[[M2:[0-9]*]] = and i1 %wasnoop[[N2]], %learner
; CAS-NEXT: br i1 %learn.if[[M2]],
; CAS: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; The mixed-sign form: the loaded value's update by PTX min (never .ftz),
; except that a NaN operand keeps the loaded value (PTX min gives 0x7fffffff
; for two NaNs); a no-op ends there (a learning warp storing 0, hot, into the
; hint), else one cmpxchg, which on failure goes on to the integer atomics.
; CAS: hint.cas.load:
; CAS-NEXT: %cas.cur = load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic, align 4
; CAS-NEXT: [[VA:%[0-9]+]] = and i32 %vbits, 2147483647
; CAS-NEXT: %cas.vnan = icmp ugt i32 [[VA]], 2139095040
; CAS-NEXT: [[C:%[0-9]+]] = bitcast i32 %cas.cur to float
; CAS-NEXT: [[V:%[0-9]+]] = bitcast i32 %vbits to float
; CAS-NEXT: %cas.minmax = call float @llvm.nvvm.fmin.f(float [[C]], float [[V]])
; CAS-NEXT: [[MM:%[0-9]+]] = bitcast float %cas.minmax to i32
; CAS-NEXT: %cas.next = select i1 %cas.vnan, i32 %cas.cur, i32 [[MM]]
; CAS-NEXT: %cas.same = icmp eq i32 %cas.next, %cas.cur
; CAS-NEXT: br i1 %cas.same, label %hint.cas.ask, label %hint.cas.try
; CAS: hint.cas.try:
; CAS-NEXT: [[X:%[0-9]+]] = cmpxchg ptr addrspace(1) %p, i32 %cas.cur, i32 %cas.next syncscope("device") monotonic monotonic, align 4
; CAS-NEXT: %cas.ok = extractvalue { i32, i1 } [[X]], 1
; CAS-NEXT: br i1 %cas.ok, label %hint.cas.done, label %hint.int
; CAS: hint.cas.learn:
; CAS-NEXT: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint2 syncscope("block") monotonic, align 4
; CAS: hint.cas.ask:
; CAS-NEXT: br i1 %learner, label %hint.cas.learn, label %hint.cas.done
; CAS-NOT: hint.learn:
; CAS-NOT: hint.ask:
; CAS: hint.end:
; CAS-NEXT: {{%[0-9]+}} = phi i32 [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ %perlane.old{{[0-9]*}}, %atomicrmw.end{{[0-9]*}} ], [ %cas.cur, %hint.cas.done ]{{$}}
define ptx_kernel void @fmin_f32_used(ptr addrspace(1) %p, float %v, ptr addrspace(1) %out) {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  store float %o, ptr addrspace(1) %out, align 4
  ret void
}

; seq_cst, volatile and half (a loop on the 32-bit word) have no hint.
; CHECK-LABEL: define void @fmin_seq_cst(
; CHECK-NOT: hint
; CHECK-LABEL: define void @fmin_volatile(
; CHECK-NOT: hint
; CHECK-LABEL: define void @fmin_half(
; CHECK-NOT: hint
; CHECK: ret void
define void @fmin_seq_cst(ptr addrspace(1) %p, float %v) {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") seq_cst, align 4
  ret void
}

define void @fmin_volatile(ptr addrspace(1) %p, float %v) {
  %o = atomicrmw volatile fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

define void @fmin_half(ptr addrspace(1) %p, half %v) {
  %o = atomicrmw fmin ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret void
}

; REPORT: fmin_f32: fmin float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair; adaptive precheck: skipped when a load shows no change, while a hint in shared memory says recent updates were no-ops; the NaN-repair
; REPORT: fmax_f64_used: fmax double addrspace(0): rewritten int-trick: {{.*}}; adaptive precheck:
; REPORT70: fmin_f32_used: fmin float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair; adaptive precheck: skipped when a load shows no change, while a hint in shared memory says recent updates were no-ops; the NaN-repair
; REPORTCAS: fmin_f32_used: fmin float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair; adaptive precheck: skipped when a load shows no change, while a hint in shared memory says recent updates were no-ops; else a warp whose operands have both signs first tries one cmpxchg from a loaded value;
; REPORT-NOT: adaptive precheck
; REPORT: fmin_seq_cst: fmin float addrspace(1): rewritten int-trick:
; REPORT-NOT: adaptive precheck
; REPORT: fmin_volatile: fmin float addrspace(1): rewritten int-trick:
; REPORT-NOT: adaptive precheck
; REPORT: fmin_half: fmin half addrspace(1): rewritten cas-loop-masked:

; CHECK: [[W]] = !{!"branch_weights", i32 16, i32 1}
; CAS: [[W2]] = !{!"branch_weights", i32 1, i32 16}

; NANFREE-LABEL: define ptx_kernel void @fmin_f32(
; NANFREE: %learner = icmp ult i32 %tid.x, 32
; NANFREE-NEXT: [[NL:%[0-9]+]] = xor i1 %learner, true
; NANFREE-NEXT: [[NH:%[0-9]+]] = xor i1 %hot, true
; NANFREE-NEXT: %plain = and i1 [[NH]], [[NL]]
; NANFREE-NEXT: br i1 %plain, label %hint.direct, label %hint.ask, !prof [[NW:![0-9]+]]
; NANFREE: hint.precheck:
; NANFREE: %cur = load atomic i32
; NANFREE: hint.direct:
; NANFREE-NOT: store
; NANFREE: atomicrmw min ptr addrspace(1) %p
; NANFREE-NOT: store
; NANFREE: atomicrmw umax ptr addrspace(1) %p
; NANFREE-NOT: store
; NANFREE: hint.learn:
; NANFREE: %wasnoop = icmp eq i32
; NANFREE-NEXT: br i1 %wasnoop,
; NANFREE: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint syncscope("block") monotonic, align 4
; NANFREE: hint.ask:
; NANFREE-NEXT: br i1 %learner, label %hint.learner, label %hint.precheck
; NANFREE: hint.learner:
; NANFREE-NEXT: br i1 %hot, label %hint.refresh, label %hint.learn
; NANFREE: [[NW]] = !{!"branch_weights", i32 16, i32 1}
