; Hand-written compare-and-swap loops, one rule each: what the raised
; atomicrmw keeps (volatile, address space, alignment, ordering, scope; an
; acquire load joined with a release cmpxchg), and the loops that stay, with
; the reason in the report. minmax=keep;add=keep keep the atomicrmw visible.
; RUN: %fpa-opt --minmax=keep --add=keep --report=%t.report %s -o - | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; With the default lowering every changed function verifies (fpa-opt fails
; otherwise) and llc compiles the module.
; RUN: %fpa-opt %s -o %t.lowered.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_70 %t.lowered.ll -o /dev/null
; raise=off (here as an opt pass parameter) leaves every loop, and reports
; none; a bad value is refused with the option's name.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<raise=off;minmax=keep;add=keep>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %not %fpa-opt --raise=maybe %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BADOPT
; REQUIRES: nvptx

target triple = "nvptx64-nvidia-cuda"

declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare void @opaque()

; CHECK-LABEL: @keeps_props(
; CHECK-NOT: load
; CHECK: [[OLD:%[0-9]+]] = atomicrmw volatile fmax ptr addrspace(3) %p, float %v syncscope("block") acquire, align 8
; CHECK-NEXT: br label %done
; CHECK: ret float [[OLD]]
; volatile cmpxchg, addrspace(3), over-aligned, acquire, block scope
define float @keeps_props(ptr addrspace(3) %p, float %v) {
entry:
  %init = load i32, ptr addrspace(3) %p, align 8
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.maxnum.f32(float %of, float %v)
  %new = bitcast float %nf to i32
  %pair = cmpxchg volatile ptr addrspace(3) %p, i32 %old, i32 %new syncscope("block") acquire monotonic, align 8
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret float %of
}

; CHECK-LABEL: @joins_orderings(
; CHECK-NOT: load
; CHECK: atomicrmw fadd ptr %p, float %v acq_rel, align 4
; re-read with an acquire load, release cmpxchg: acq_rel
define void @joins_orderings(ptr %p, float %v) {
entry:
  br label %loop
loop:
  %cur = load atomic float, ptr %p acquire, align 4
  %cb = bitcast float %cur to i32
  %nf = fadd float %cur, %v
  %nb = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %cb, i32 %nb release monotonic, align 4
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; CHECK-LABEL: @weak_by_bit(
; CHECK: atomicrmw fsub ptr %p, float %v monotonic, align 4
; weak cmpxchg tested by its success bit: raised
define float @weak_by_bit(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = fsub float %of, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg weak ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret float %of
}

; CHECK-LABEL: @weak_by_value(
; CHECK: cmpxchg weak
; weak cmpxchg tested by comparing values: a spurious failure returns the
; expected value, and this loop would then stop without storing
define float @weak_by_value(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = fadd float %of, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg weak ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %same = icmp eq i32 %seen, %old
  br i1 %same, label %done, label %loop
done:
  ret float %of
}

; CHECK-LABEL: @early_exit_stale(
; CHECK: cmpxchg
; an early exit from a value read before a store: another thread may write
; the location after synchronising with that store, and the early exit
; would then return an older value than an atomicrmw in the loop's place
; could
define float @early_exit_stale(ptr %p, ptr %q, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  store i32 0, ptr %q, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %cas ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.minnum.f32(float %of, float %v)
  %new = bitcast float %nf to i32
  %same = icmp eq i32 %new, %old
  br i1 %same, label %done, label %cas
cas:
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret float %of
}

; CHECK-LABEL: @early_exit_guess(
; CHECK: cmpxchg
; an early exit from a guess that was never read from memory
define void @early_exit_guess(ptr %p, float %v) {
entry:
  br label %loop
loop:
  %old = phi i32 [ 0, %entry ], [ %seen, %cas ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.maxnum.f32(float %of, float %v)
  %new = bitcast float %nf to i32
  %same = icmp eq i32 %new, %old
  br i1 %same, label %done, label %cas
cas:
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; CHECK-LABEL: @guess_no_early_exit(
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw fmax ptr %p, float %v monotonic, align 4
; without an early exit, any first guess is fine: the cmpxchg corrects it
define void @guess_no_early_exit(ptr %p, float %v) {
entry:
  br label %loop
loop:
  %old = phi i32 [ 0, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.maxnum.f32(float %of, float %v)
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; CHECK-LABEL: @exits_on_failure(
; CHECK: cmpxchg
; leaves when the cmpxchg fails
define void @exits_on_failure(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = fadd float %of, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: @fresh_new_stale_expected(
; CHECK: cmpxchg
; builds the new value on a fresh load but swaps against the older
; expected value: loses updates (A-B-A)
define void @fresh_new_stale_expected(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %fresh = load float, ptr %p, align 4
  %nf = fadd float %fresh, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; CHECK-LABEL: @calls_something(
; CHECK: cmpxchg
; a call in the body
define void @calls_something(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  call void @opaque()
  %of = bitcast i32 %old to float
  %nf = fadd float %of, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; CHECK-LABEL: @success_used(
; CHECK: cmpxchg
; hands the success bit to the code after it
define i1 @success_used(ptr %p, float %v, i1 %skip) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = fadd float %of, %v
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret i1 %ok
}

; CHECK-LABEL: @exit_phi(
; CHECK: br i1 %skip, label %done, label %pre
; CHECK: [[OLD:%[0-9]+]] = atomicrmw fadd ptr %p, float %v monotonic, align 4
; CHECK-NEXT: [[BITS:%[0-9]+]] = bitcast float [[OLD]] to i32
; CHECK: done:
; CHECK-NEXT: %r = phi i32 [ -1, %entry ], [ [[BITS]], %cas.raised ]
; the block after the loop is also reached around it; its phi takes the
; old value from the loop
define float @exit_phi(ptr %p, float %v, i1 %skip) {
entry:
  br i1 %skip, label %done, label %pre
pre:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %pre ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = fadd float %v, %of
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  %r = phi i32 [ -1, %entry ], [ %seen, %loop ]
  %rf = bitcast i32 %r to float
  ret float %rf
}

; CHECK-LABEL: @nested(
; CHECK: outer:
; CHECK: %v = load float
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw fmin ptr %p, float %v monotonic, align 4
; CHECK-NOT: cmpxchg
; CHECK: br i1 %more, label %outer, label %exit
; a loop of loops: each outer iteration does one update
define void @nested(ptr %p, ptr %vals, i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %vp = getelementptr float, ptr %vals, i32 %i
  %v = load float, ptr %vp, align 4
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %outer ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.minnum.f32(float %of, float %v)
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %next, label %loop
next:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: @int_increment(
; CHECK: cmpxchg
; an integer compare-and-swap loop (an atomic increment): not a float
; loop, no record
define void @int_increment(ptr %p) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %new = add i32 %old, 1
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

; One record per float loop; the integer loop has none.
; REPORT:      ir-rules.ll:0:0: keeps_props: fmax float addrspace(3): raised cmpxchg-loop: {{.*}}: atomicrmw fmax volatile acquire, block scope
; REPORT-NEXT: keeps_props: fmax float addrspace(3): kept
; REPORT-NEXT: joins_orderings: fadd float addrspace(0): raised cmpxchg-loop: loop around cmpxchg i32 that reads the location in each iteration, {{.*}}: atomicrmw fadd acq_rel, system scope
; REPORT-NEXT: joins_orderings: fadd float addrspace(0): kept
; REPORT-NEXT: weak_by_bit: fsub float addrspace(0): raised cmpxchg-loop:
; REPORT-NEXT: weak_by_bit: fsub float addrspace(0): kept
; REPORT-NEXT: weak_by_value: fadd float addrspace(0): not-raised cmpxchg-loop: not raised: a branch in the loop depends on something other than the compare-and-swap's success bit (a weak one can fail and still return the expected value)
; REPORT-NEXT: early_exit_stale: fmin float addrspace(0): not-raised cmpxchg-loop: not raised: its early exit returns a value that need not be current
; REPORT-NEXT: early_exit_guess: fmax float addrspace(0): not-raised cmpxchg-loop: not raised: its early exit returns a value that need not be current
; REPORT-NEXT: guess_no_early_exit: fmax float addrspace(0): raised cmpxchg-loop:
; REPORT-NEXT: guess_no_early_exit: fmax float addrspace(0): kept
; REPORT-NEXT: exits_on_failure: fadd float addrspace(0): not-raised cmpxchg-loop: not raised: it leaves the loop when the compare-and-swap fails
; REPORT-NEXT: fresh_new_stale_expected: cas-loop i32 addrspace(0): not-raised cmpxchg-loop: not raised: its new value is not computed from the old value
; REPORT-NEXT: calls_something: cas-loop i32 addrspace(0): not-raised cmpxchg-loop: not raised: its body has another side effect: a call to opaque
; REPORT-NEXT: success_used: fadd float addrspace(0): not-raised cmpxchg-loop: not raised: a value of the loop other than the old value is used after it
; REPORT-NEXT: exit_phi: fadd float addrspace(0): raised cmpxchg-loop:
; REPORT-NEXT: exit_phi: fadd float addrspace(0): kept
; REPORT-NEXT: nested: fmin float addrspace(0): raised cmpxchg-loop:
; REPORT-NEXT: nested: fmin float addrspace(0): kept
; REPORT-NOT: int_increment

; OFF-LABEL: @keeps_props(
; OFF: cmpxchg volatile
; OFF-NOT: atomicrmw
; OFF-LABEL: @nested(
; OFF: cmpxchg
; OFF-NOT: atomicrmw
; BADOPT: invalid value 'maybe' for option 'raise' (expected on or off)
