; REQUIRES: fminimum
; aggregate=warp for fminimum/fmaximum: a NaN operand becomes the absorbing
; key of the reduction (INT_MIN for minimum, INT_MAX for maximum); a group
; whose combination absorbed a NaN passes the preferred quiet NaN on
; (0xffc00000 for fminimum, with the sign the integer trick keeps;
; 0x7ff8000000000000 for fmaximum double). The leader runs the per-lane
; lowering: a cmpxchg loop by default, the int trick under nan-free-memory
; (at system scope on sm_80 its integer atomics are inline PTX atom.sys).
; With the result unused, the leaders and the per-lane path meet at one
; atomic (warp.rmw), whose operand is the group's for a leader.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s --check-prefixes=CHECK,LOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;assume=nan-free-memory>' -S %s | %FileCheck %s --check-prefixes=CHECK,NANFREE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @fminimum_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fminimum_f32(
; LOOP:        %init = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; LOOP-NEXT:   %activemask =
; CHECK:       %contrib = select i1 {{%.*}}, i32 -2147483648, i32 %key
; CHECK:       %total = call i32 @llvm.nvvm.redux.sync.min(i32 %contrib, i32 %groupmask)
; CHECK:       warp.leader:
; CHECK:       [[ABS:%.*]] = icmp eq i32 %total, -2147483648
; CHECK-NEXT:  [[OP:%.*]] = select i1 [[ABS]], i32 -4194304, i32
; CHECK-NEXT:  br label %warp.rmw
; CHECK:       warp.join:
; CHECK-NEXT:  br label %warp.end
; CHECK:       warp.rmw:
; CHECK-NEXT:  %warp.operand = phi i32 [ %vbits, %warp.perlane ], [ [[OP]], %warp.leader ]
; LOOP-NOT:    load atomic
; LOOP:        %loaded = phi i32 [ %init, %warp.rmw ],
; LOOP:        cmpxchg ptr addrspace(1) %p, i32 %loaded, i32 {{%.*}} monotonic monotonic, align 4
; NANFREE:     call i32 asm sideeffect "atom.sys.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32
; NANFREE:     call i32 asm sideeffect "atom.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr addrspace(1) %p, i32
; CHECK:       warp.end:
  %old = atomicrmw fminimum ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; A used result: the leaders' loop (or, nan-free, their integer atomics)
; runs in lockstep as predicated PTX, then the old values are rebuilt (the
; scan only where some group's update changed memory).
define float @fminimum_f32_used(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fminimum_f32_used(
; LOOP:        %init = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK:       activemask
; CHECK-NOT:   warp.leader:
; LOOP-NOT:    load atomic
; LOOP:        warp.lockstep:
; LOOP-NEXT:   %loaded = phi i32 [ %init, %warp.grouped ],
; LOOP:        atom.relaxed.sys.global.cas.b32
; NANFREE:     atom.relaxed.sys.global.min.s32
; NANFREE:     atom.relaxed.sys.global.max.u32
; NANFREE-NOT: warp.lockstep:
; CHECK:       %allkept = call i1 @llvm.nvvm.vote.all.sync(
; CHECK:       warp.folded:
; CHECK-NEXT:  %lane.old = phi i32
; CHECK:       %lane.fold = select i1 %first, i32
; CHECK:       ret float
  %old = atomicrmw fminimum ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

define void @fmaximum_f64(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fmaximum_f64(
; CHECK:       %contrib = select i1 {{%.*}}, i64 9223372036854775807, i64 %key
; CHECK:       call i32 @llvm.nvvm.redux.sync.max(
; CHECK:       call i32 @llvm.nvvm.redux.sync.umax(
; CHECK:       warp.leader:
; CHECK:       [[ABS:%.*]] = icmp eq i64 %total, 9223372036854775807
; CHECK-NEXT:  select i1 [[ABS]], i64 9221120237041090560, i64
; LOOP:        cmpxchg ptr addrspace(1) %p, i64
; NANFREE:     call i64 asm sideeffect "atom.sys.global.max.s64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64
; NANFREE:     call i64 asm sideeffect "atom.sys.global.min.u64 $0, [$1], $2;", "=l,l,l,~{memory}"(ptr addrspace(1) %p, i64
  %old = atomicrmw fmaximum ptr addrspace(1) %p, double %v monotonic, align 8
  ret void
}
