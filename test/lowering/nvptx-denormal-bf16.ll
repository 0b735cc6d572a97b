; bfloat fadd/fsub loops in a function whose f32 output mode is
; preserve-sign. A bfloat's own denormal mode is denormal-fp-math's (IEEE
; here), but below sm_90 the backend adds a bfloat as an f32 with .ftz,
; which flushes bfloat subnormals (they are f32 subnormals). The loops
; add with fma.rn.f32 (never .ftz) instead.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.ll
; RUN: %FileCheck %s --check-prefix=REPORT --input-file=%t.report
; RUN: %llc -mcpu=sm_80 -mattr=+ptx80 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; RUN: %llc -mcpu=sm_70 -mattr=+ptx80 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; RUN: %llc -mcpu=sm_90 -mattr=+ptx80 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; REQUIRES: nvptx, llvm22
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define bfloat @add80(ptr addrspace(1) %p, bfloat %v) #0 {
  %r = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %r
}
define bfloat @sub80(ptr addrspace(1) %p, bfloat %v) #0 {
  %r = atomicrmw fsub ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %r
}
define bfloat @add70(ptr addrspace(1) %p, bfloat %v) #1 {
  %r = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %r
}
define <2 x bfloat> @v2add80(ptr addrspace(1) %p, <2 x bfloat> %v) #0 {
  %r = atomicrmw fadd ptr addrspace(1) %p, <2 x bfloat> %v syncscope("device") monotonic, align 4
  ret <2 x bfloat> %r
}
; the same without the mode: the loop adds as IR fadd
define bfloat @add80_ieee(ptr addrspace(1) %p, bfloat %v) #2 {
  %r = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %r
}
attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #1 = { "target-cpu"="sm_70" "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #2 = { "target-cpu"="sm_80" "target-features"="+ptx80" }

; REPORT: add80: fadd bfloat addrspace(1): rewritten cas-loop-masked:
; REPORT: sub80: fsub bfloat addrspace(1): rewritten cas-loop-masked:
; REPORT: add70: fadd bfloat addrspace(1): rewritten cas-loop-masked:
; REPORT: v2add80: fadd <2 x bfloat> addrspace(1): rewritten cas-loop:
; REPORT: add80_ieee: fadd bfloat addrspace(1): rewritten cas-loop-masked:

; CHECK-LABEL: define bfloat @add80(
; A bfloat is widened as bits (shl 16), not by fpext, which the backend
; emits as cvt.ftz.f32.bf16 at sm_90.
; CHECK: [[VS:%.*]] = shl i32 {{%.*}}, 16
; CHECK: [[V:%.*]] = bitcast i32 [[VS]] to float
; CHECK: [[AS:%.*]] = shl i32 {{%.*}}, 16
; CHECK: [[A:%.*]] = bitcast i32 [[AS]] to float
; CHECK: call float @llvm.nvvm.fma.rn.f(float [[V]], float 1.000000e+00, float [[A]])
; CHECK: fptrunc float {{%.*}} to bfloat
; CHECK-NOT: fadd bfloat
; CHECK-LABEL: define bfloat @sub80(
; CHECK: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float -1.000000e+00, float {{%.*}})
; CHECK-NOT: fsub bfloat
; CHECK-NOT: fneg
; CHECK-LABEL: define bfloat @add70(
; CHECK: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float 1.000000e+00, float {{%.*}})
; CHECK-LABEL: define <2 x bfloat> @v2add80(
; CHECK-COUNT-2: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float 1.000000e+00, float {{%.*}})
; CHECK-NOT: fadd <2 x bfloat>
; CHECK-LABEL: define bfloat @add80_ieee(
; CHECK: fadd bfloat

; No f32 add or subtraction with .ftz: every bfloat sum is an fma.rn.f32,
; but in add80_ieee, whose function does not flush f32.
; PTX-LABEL: .func  (.param .align 2 .b8 func_retval0[2]) add80(
; PTX-NOT: add{{.*}}.ftz.f32
; PTX-NOT: sub{{.*}}.ftz.f32
; PTX-NOT: cvt.ftz.f32.bf16
; PTX-LABEL: add80_ieee(
