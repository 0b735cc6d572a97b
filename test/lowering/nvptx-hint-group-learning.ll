; The group's one update (aggregate=auto, lanes that share an address)
; learns into precheck=adaptive's hint in three states (lib/build_int.c,
; fpa_build_int_trick_learning with a hint word): hot (0, or any word but
; the two below), warm (the cold word ^ 1) and cold (FNV-1a("kernel_b") =
; 0xad6925a5, -1385618011; warm -1385618012).
; - The precheck form learns from its load, in lane 0: a load that shows a
;   no-op stores 0 where the word it read was not 0; one that shows a
;   change stores warm, or cold where the word was warm, before the atomic,
;   and nothing after it.
; - The direct form learns from its atomic's old value, in a learning warp
;   (%tid.x below 32): warm where it was a no-op.
; A per-lane site (aggregate=none) keeps the two-state learning: its
; precheck form stores cold after an atomic that changed memory.
; RUN: %fpa-opt --sm=90 %s | %FileCheck %s
; RUN: %fpa-opt --sm=90 --aggregate=none %s | %FileCheck %s --check-prefix=LANE

; CHECK-LABEL: define ptx_kernel void @kernel_b(
; CHECK: %hint.word = load atomic i32, ptr addrspace(3) @[[HINT:fpa.warp.hint[0-9]*]] syncscope("block") monotonic
; CHECK: %hot = icmp ne i32 %{{[0-9]+}}, -1385618011
; CHECK: br i1 %hot, label %hint.precheck, label %hint.direct
; CHECK-LABEL: hint.precheck:
; CHECK: %lane0 = icmp eq i32 %laneid, 0
; CHECK: %cur = load atomic i32, ptr addrspace(1) %p
; CHECK: br i1 %skip, label %atomicrmw.noop, label %atomicrmw.update
; CHECK-LABEL: atomicrmw.noop:
; CHECK-NEXT: %[[WAS:hint.was[0-9]*]] = freeze i32 %hint.word
; CHECK-NEXT: %[[NZ:[0-9]+]] = icmp ne i32 %[[WAS]], 0
; CHECK-NEXT: %learn.if = and i1 %[[NZ]], %lane0
; CHECK-NEXT: br i1 %learn.if, label %[[L0:atomicrmw.learn[0-9]*]], label
; CHECK: [[L0]]:
; CHECK-NEXT: store atomic i32 0, ptr addrspace(3) @[[HINT]] syncscope("block") monotonic
; CHECK-LABEL: atomicrmw.update:
; CHECK-NEXT: %[[WAS2:hint.was[0-9]*]] = freeze i32 %hint.word
; CHECK-NEXT: %[[ISWARM:[0-9]+]] = icmp eq i32 %[[WAS2]], -1385618012
; CHECK-NEXT: %hint.new = select i1 %[[ISWARM]], i32 -1385618011, i32 -1385618012
; CHECK-NEXT: br i1 %lane0, label %[[L1:atomicrmw.learn[0-9]*]], label
; CHECK: [[L1]]:
; CHECK-NEXT: store atomic i32 %hint.new, ptr addrspace(3) @[[HINT]] syncscope("block") monotonic
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK-NOT: store atomic {{.*}} @[[HINT]]
; CHECK-LABEL: hint.direct:
; CHECK: atomicrmw min ptr addrspace(1) %p
; CHECK: %wasnoop = icmp eq i32 %{{[0-9]+}}, %old{{[0-9]+}}
; CHECK-NEXT: %learn.if{{[0-9]*}} = and i1 %wasnoop, %learner
; CHECK: store atomic i32 -1385618012, ptr addrspace(3) @[[HINT]] syncscope("block") monotonic
; CHECK-NOT: store atomic {{.*}} @[[HINT]]
; CHECK-LABEL: hint.end:

; LANE-LABEL: define ptx_kernel void @kernel_b(
; LANE-NOT: -1385618012
; LANE-LABEL: hint.precheck:
; LANE: atomicrmw min ptr addrspace(1) %p
; LANE: %changed = xor i1 %wasnoop, true
; LANE: store atomic i32 -1385618011, ptr addrspace(3) @fpa.warp.hint
; LANE-LABEL: hint.direct:
; LANE: store atomic i32 0, ptr addrspace(3) @fpa.warp.hint
; LANE-NOT: -1385618012

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @kernel_b(ptr addrspace(1) %p, float %v) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}
