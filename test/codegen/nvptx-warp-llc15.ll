; LLVM 15 has no llvm.nvvm.activemask, so aggregate=warp emits the PTX
; instruction as convergent inline asm there; llc-15 passes it through and
; selects the other warp intrinsics, passes the leader's predicated atomics
; (inline asm too) through, and ptxas accepts the result.
; REQUIRES: llvm15, nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' %s -S -o %t.ll
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll
; RUN: %llc -mcpu=sm_80 -mattr=+ptx70 %t.ll -o %t.ptx
; RUN: %FileCheck %s --input-file=%t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; IR:    %activemask = call i32 asm sideeffect "activemask.b32 $0;", "=r"() #[[ATTR:[0-9]+]]
; IR:    attributes #[[ATTR]] = { convergent }
; CHECK: activemask.b32
; CHECK: isspacep.global
; CHECK: vote.sync.all.pred
; CHECK: vote.sync.all.pred
; CHECK: match.any.sync.b64
; CHECK: redux.sync.min.s32
; CHECK: @fpa_p atom.relaxed.sys.global.min.s32
; CHECK: @fpa_p atom.relaxed.sys.global.max.u32
; CHECK: shfl.sync.up.b32
define float @fmin_f32(ptr %p, float %v) {
  %old = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret float %old
}
