; REQUIRES: nvptx
; XFAIL: *
; BUG: aggregate=warp with assume=reassociate-fadd, a system-scope fadd
; (result unused) on sm_60 and up. lower.c sets the site's sys_asm before
; fpa_build_warp, whose perlane_rmw and unused-result leader build their
; new atomic with fpa_emit_rmw(.., FAdd, ..): for f32/f64 at system scope
; that is now an inline `atom.sys.*.add` call, not an atomicrmw. lower.c
; then treats each such "made" value as an atomicrmw (fill_site and
; fpa_decide read ordering, scope, alignment and operation from a call
; instruction, which the LLVM C API does not define). With LLVM 22 the f32
; site is rebuilt as fadd-guarded from that garbage: `atomicrmw fadd ..,
; align 64` with no ordering and `cmpxchg .. syncscope("singlethread")
; not_atomic not_atomic`, IR that does not verify (llc rejects it). With
; LLVM 15 the calls stay: an unguarded atom.sys.global.add.f32, which
; flushes subnormals. The f64 site happens to keep its atom.sys add.
; warp-sim does not see it: its host triple gets no inline PTX.
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
