; REQUIRES: nvptx
; aggregate=warp with assume=reassociate-fadd on a system-scope fadd (result
; unused, sm_60 and up): the atomics the aggregation makes stay atomicrmw
; until their own per-lane lowering (the guarded add, with atom.sys), so
; the output is valid IR with orderings and scopes kept.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;assume=reassociate-fadd>' -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s < %t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Per lane and for each group's leader: the guarded add, its native add
; atom.sys, its loop a monotonic system-scope cmpxchg.
define void @fadd_f32_system_unused(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define void @fadd_f32_system_unused(
; CHECK-NOT:   not_atomic
; CHECK:       warp.perlane:
; CHECK-NOT:   atom.sys
; CHECK:       icmp uge i32 {{%.*}}, 218103808
; CHECK:       call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;"
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK:       warp.leader:
; CHECK-NOT:   atom.sys
; CHECK:       icmp uge i32 {{%.*}}, 218103808
; CHECK:       call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;"
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; CHECK-NOT:   not_atomic
; CHECK:       ret void
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}
