; Atomics whose pointer or operand is a PHI of the loop that the atomic's
; block closes. Splitting that block must retarget the PHI's back edge in
; place: a rebuilt PHI left the lowering holding a deleted value, and
; fpa-opt, opt with the plugin and clang crashed (in the verifier, reading
; an instruction with no block). The checks: the PHIs keep their names and
; now come from the new end block, and the new atomics use them.
; RUN: %fpa-opt-asan %s -o - | %FileCheck %s
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s
; RUN: %fpa-opt-asan %s --target=nvptx --sm=90 --aggregate=warp --warp-precheck=all --minmax=int -o - | %opt -passes=verify -disable-output
; RUN: %fpa-opt-asan %s --target=nvptx --sm=60 --minmax=loop --add=loop -o - | %opt -passes=verify -disable-output
; RUN: %fpa-opt-asan %s --target=spirv --minmax=int --precheck=on -o - | %opt -passes=verify -disable-output

target triple = "nvptx64-nvidia-cuda"

; A pointer incremented in a one-block loop.
define void @ptr_phi(ptr addrspace(1) %base, float %v, i64 %n) {
; CHECK-LABEL: define void @ptr_phi(
; CHECK:       l:
; CHECK-NEXT:    %p = phi ptr addrspace(1) [ %base, %entry ], [ %p.next, %atomicrmw.end ]
; CHECK:         atomicrmw min ptr addrspace(1) %p, i32
; CHECK:         atomicrmw umax ptr addrspace(1) %p, i32
; CHECK:       atomicrmw.end:
; CHECK:         br i1 %c, label %l, label %exit
entry:
  br label %l
l:
  %p = phi ptr addrspace(1) [ %base, %entry ], [ %p.next, %l ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %l ]
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  %p.next = getelementptr float, ptr addrspace(1) %p, i64 1
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %l, label %exit
exit:
  ret void
}

; The old value fed back as the next operand.
define void @fed_back(ptr addrspace(1) %p, float %v, i64 %n) {
; CHECK-LABEL: define void @fed_back(
; CHECK:       l:
; CHECK-NEXT:    %x = phi float [ %v, %entry ], [ %y, %atomicrmw.end ]
; CHECK-NEXT:    %i = phi i64 [ 0, %entry ], [ %i.next, %atomicrmw.end ]
; CHECK-NEXT:    %vbits = bitcast float %x to i32
; CHECK:       atomicrmw.end:
; CHECK:         %y = bitcast i32 {{%.*}} to float
entry:
  br label %l
l:
  %x = phi float [ %v, %entry ], [ %y, %l ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %l ]
  %y = atomicrmw fmax ptr addrspace(1) %p, float %x monotonic, align 4
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %l, label %exit
exit:
  ret void
}

; A rotated two-block loop: the PHI is in the header, the atomic in the
; latch, and a cmpxchg loop (double fadd before sm_60) after it.
define void @two_blocks(ptr addrspace(1) %base, double %v, i64 %n) {
; CHECK-LABEL: define void @two_blocks(
; CHECK:       h:
; CHECK-NEXT:    %p = phi ptr addrspace(1) [ %base, %entry ], [ %p.next, %atomicrmw.end ]
; CHECK:         load atomic i64, ptr addrspace(1) %p monotonic
; CHECK:         cmpxchg ptr addrspace(1) %p,
entry:
  br label %h
h:
  %p = phi ptr addrspace(1) [ %base, %entry ], [ %p.next, %b ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %b ]
  br label %b
b:
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8
  %p.next = getelementptr double, ptr addrspace(1) %p, i64 1
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %h, label %exit
exit:
  ret void
}
