; The rewrite splits the block at the atomic: the instructions after it move
; to atomicrmw.end, PHIs in successors are retargeted to the new block,
; several atomics in one block are all rewritten, and atomics in loops work.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm'
; RUN: %opt %loadplugin -passes='lower-fp-atomics,verify' -S %s -o /dev/null

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Two atomics in one block, the second using the first's result, and a successor PHI naming the original block.
define float @two_then_phi(ptr addrspace(1) %p, float %v, i1 %c) {
; CHECK-LABEL: define float @two_then_phi(
; CHECK:       entry:
; CHECK:       atomicrmw max ptr addrspace(1) %p, i32
; CHECK:       atomicrmw umin ptr addrspace(1) %p, i32
; CHECK:       [[END1:atomicrmw.end[0-9]*]]:
; CHECK:       %a = bitcast i32 {{%.*}} to float
; CHECK:       [[AB:%.*]] = bitcast float %a to i32
; CHECK:       atomicrmw min ptr addrspace(1) %p, i32
; CHECK:       atomicrmw umax ptr addrspace(1) %p, i32
; CHECK:       [[END2:atomicrmw.end[0-9]*]]:
; CHECK:       %b = bitcast i32 {{%.*}} to float
; CHECK-NEXT:  br i1 %c, label %x, label %y
; CHECK:       y:
; CHECK-NEXT:  %r = phi float [ %b, %[[END2]] ], [ 0.000000e+00, %x ]
  entry:
  %a = atomicrmw fmax ptr addrspace(1) %p, float %v monotonic, align 4
  %b = atomicrmw fmin ptr addrspace(1) %p, float %a monotonic, align 4
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %r = phi float [ %b, %entry ], [ 0.0, %x ]
  ret float %r
}

; An atomic inside a loop whose latch is the atomic's block: the back edge now leaves from atomicrmw.end.
define void @in_loop(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %n) {
; CHECK-LABEL: define void @in_loop(
; CHECK:       loop:
; CHECK-NEXT:  %i = phi i32 [ 0, %entry ], [ %i.next, %[[END:atomicrmw.end[0-9]*]] ]
; CHECK:       [[END]]:
; CHECK-NEXT:  %i.next = add i32 %i, 1
  entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = sitofp i32 %i to double
  %old = atomicrmw fadd ptr addrspace(1) %p, double %f monotonic, align 8
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
