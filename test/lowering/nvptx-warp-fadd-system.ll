; REQUIRES: nvptx
; aggregate=warp with assume=reassociate-fadd on a system-scope fadd (result
; unused, sm_60 and up): the atomics the aggregation makes stay atomicrmw
; until their own per-lane lowering (the guarded add, with atom.sys), so
; the output is valid IR with orderings and scopes kept. The loop's cas is a
; system-scope cmpxchg on LLVM 22; before LLVM 20 (llc-15 prints a cmpxchg
; with no scope, which PTX reads as .gpu) it is inline PTX
; atom.sys.global.cas (monotonic: no .sem) and an icmp of what it read.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;assume=reassociate-fadd>' -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s --check-prefixes=CHECK,%if llvm15 %{L15%} %else %{L22%} < %t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The per-lane path and each group's leader meet at one atomic (warp.rmw),
; lowered once: the guarded add, its native add atom.sys, its loop a
; monotonic system-scope cas (LLVM 15: inline atom.sys.global.cas.b32 of
; the loop's loaded and new words, no cmpxchg).
define void @fadd_f32_system_unused(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fadd_f32_system_unused(
; CHECK-NOT:   not_atomic
; L15-NOT:     cmpxchg
; CHECK:       warp.perlane:
; CHECK-NEXT:  br label %warp.rmw
; CHECK:       warp.leader:
; CHECK-NOT:   atom.sys
; CHECK:       br label %warp.rmw
; CHECK:       warp.rmw:
; CHECK-NEXT:  %warp.operand = phi i32 [ %vbits, %warp.perlane ], [ {{%.*}}, %warp.leader ]
; CHECK-NOT:   atom.sys
; CHECK:       icmp uge i32 {{%.*}}, 218103808
; CHECK:       call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;"
; L22:         cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; L15-NOT:     cmpxchg
; L15:         %[[LD1:loaded[0-9]*]] = phi i32 [ %init{{[0-9]*}}, %atomicrmw.tiny{{[0-9]*}} ], [ %[[OLD1:newloaded[0-9]*]], %atomicrmw.cas{{[0-9]*}} ]{{$}}
; L15-NOT:     cmpxchg
; L15:         [[NEW1:%[0-9]+]] = bitcast float %new{{[0-9]*}} to i32
; L15-NOT:     cmpxchg
; L15:         %[[OLD1]] = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %p, i32 %[[LD1]], i32 [[NEW1]]){{$}}
; L15-NEXT:    %[[OK1:success[0-9]*]] = icmp eq i32 %[[OLD1]], %[[LD1]]{{$}}
; L15-NEXT:    br i1 %[[OK1]], label %atomicrmw.end{{[0-9]*}}, label %atomicrmw.start{{[0-9]*}}{{$}}
; CHECK-NOT:   not_atomic
; CHECK-NOT:   atom.sys
; L15-NOT:     cmpxchg
; CHECK:       ret void
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}
