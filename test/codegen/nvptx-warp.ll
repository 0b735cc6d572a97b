; aggregate=warp through llc and ptxas: the PTX holds the warp instructions
; (activemask, vote.sync, match.any.sync, shfl.sync, and redux.sync from
; sm_80) and assembles. sm_70 code is assembled for sm_90 (CUDA 13's ptxas
; has no sm_70 target; the driver compiles sm_70 PTX for newer GPUs the
; same way). llc takes the PTX version from -mattr, not from the functions.
; REQUIRES: llvm22, nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=84;aggregate=warp;assume=reassociate-fadd>' %s -o %t90.bc
; RUN: %llc -mcpu=sm_90 -mattr=+ptx84 %t90.bc -o %t90.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,REDUX < %t90.ptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;assume=reassociate-fadd>' %s -o %t80.bc
; RUN: %llc -mcpu=sm_80 -mattr=+ptx70 %t80.bc -o %t80.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,REDUX < %t80.ptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=63;aggregate=warp;assume=reassociate-fadd>' %s -o %t70.bc
; RUN: %llc -mcpu=sm_70 -mattr=+ptx63 %t70.bc -o %t70.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,NOREDUX < %t70.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin %}
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t70.ptx -o %t70.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .func  (.param .b32 func_retval0) fmin_f32(
; CHECK:       activemask.b32
; CHECK:       isspacep.global
; CHECK:       vote.sync.all.pred
; CHECK:       shfl.sync.idx.b32
; CHECK:       vote.sync.all.pred
; CHECK:       match.any.sync.b64
; NOREDUX:     shfl.sync.up.b32
; NOREDUX-NOT: redux
; REDUX-NOT:   shfl.sync.up.b32
; REDUX:       redux.sync.min.s32
; The result is used: the leader's atomics are predicated, not branched to.
; CHECK:       setp.ne.b32 fpa_p,
; CHECK:       @fpa_p atom.relaxed.sys.global.min.s32
; CHECK:       @fpa_p atom.relaxed.sys.global.max.u32
; CHECK:       @fpa_p atom.relaxed.sys.global.cas.b32
; CHECK:       vote.sync.any.pred
; CHECK:       shfl.sync.idx.b32
; With redux.sync, the scan for the old values comes after the broadcast,
; where some lane's group changed memory.
; REDUX:       vote.sync.all.pred
; REDUX:       shfl.sync.up.b32
define float @fmin_f32(ptr %p, float %v) {
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret float %old
}

; CHECK-LABEL: fmax_f64(
; CHECK:       activemask.b32
; CHECK-NOT:   isspacep
; CHECK:       match.any.sync.b64
; REDUX:       redux.sync.max.s32
; REDUX:       redux.sync.max.u32
; NOREDUX:     shfl.sync.idx.b32
; System scope: the leaders' (and the per-lane) integer atoms are atom.sys.
; CHECK:       atom.sys.global.max.s64
; CHECK:       atom.sys.global.min.u64
define void @fmax_f64(ptr addrspace(1) %p, double %v) {
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret void
}

; CHECK-LABEL: fmin_f16_shared(
; CHECK-DAG:   match.any.sync.b64
; CHECK-DAG:   atom.{{.*}}shared.cas.b32
define void @fmin_f16_shared(ptr addrspace(3) %p, half %v) {
  %old = atomicrmw fmin ptr addrspace(3) %p, half %v monotonic, align 2
  ret void
}

; fadd f32 in shared memory, result used: summed by shuffles, the leaders'
; add predicated (atom.add.f32 keeps subnormals in shared memory).
; CHECK-LABEL: fadd_f32_shared(
; CHECK:       shfl.sync.up.b32
; CHECK:       add.{{(rn.)?}}f32
; CHECK:       @fpa_p atom.relaxed.cta.shared.add.f32
; CHECK:       shfl.sync.idx.b32
define float @fadd_f32_shared(ptr addrspace(3) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; fadd f32 in global memory, result used: aggregated; the leaders' guarded
; add is a predicated atom.add.f32 where the group's sum passes the guard,
; else a predicated cas read and the lockstep cas loop; lanes on the
; per-lane path take atom.sys.global.add.f32 or the cas loop.
; CHECK-LABEL: fadd_f32(
; CHECK-DAG:   activemask
; CHECK-DAG:   atom.sys.global.add.f32
; CHECK-DAG:   @fpa_p atom.relaxed.sys.global.add.f32
; CHECK-DAG:   @fpa_p atom.relaxed.sys.global.cas.b32
; CHECK:       End function
define float @fadd_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}
