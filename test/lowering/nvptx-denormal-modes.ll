; A function's f32 denormal mode and the fadd/fsub lowerings on NVPTX.
; - The native atom.add.f32 flushes subnormal inputs and results to zero of
;   the same sign, which is exact only where the function may do the same:
;   output preserve-sign and input preserve-sign or dynamic. positive-zero
;   (results to +0) and preserve-sign,ieee (inputs kept) get the guarded add.
; - Where the f32 output mode is preserve-sign, the backend emits f32 and
;   f16 arithmetic with .ftz (f16 too, though the mode is f32's): the loops
;   add with fma.rn.f32 (never .ftz), a half through f32, and a 16-bit fsub
;   is a loop, not the native add of a negated (neg.ftz) operand.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.ll
; RUN: %FileCheck %s --check-prefix=REPORT --input-file=%t.report
; RUN: %llc -mcpu=sm_90 -mattr=+ptx80 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; REQUIRES: nvptx, llvm22
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @pz(ptr addrspace(1) %p, float %v) #2 {
  %r = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
define float @psi(ptr addrspace(1) %p, float %v) #3 {
  %r = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
define float @psd(ptr addrspace(1) %p, float %v) #4 {
  %r = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
define float @ps(ptr addrspace(1) %p, float %v) #1 {
  %r = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
define half @ha_sys(ptr addrspace(1) %p, half %v) #1 {
  %r = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %r
}
define half @hs(ptr addrspace(1) %p, half %v) #1 {
  %r = atomicrmw fsub ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %r
}
define <2 x half> @v2h(ptr addrspace(1) %p, <2 x half> %v) #1 {
  %r = atomicrmw fadd ptr addrspace(1) %p, <2 x half> %v syncscope("device") monotonic, align 4
  ret <2 x half> %r
}
define float @fl_loop(ptr addrspace(1) %p, float %v) #3 {
  %r = atomicrmw fsub ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
; fsub of a shared f32 (atom.shared.add.f32 does not flush), inputs kept:
; -v is an fma.rn.f32, as the backend emits an fneg as neg.ftz.f32
define float @fs_shared_psi(ptr addrspace(3) %p, float %v) #3 {
  %r = atomicrmw fsub ptr addrspace(3) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
; the same without the mode: the loops add as IR fadd/fsub
define half @hs_ieee(ptr addrspace(1) %p, half %v) #0 {
  %r = atomicrmw fsub ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %r
}
attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #2 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math"="positive-zero,positive-zero" }
attributes #3 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math"="preserve-sign,ieee" }
attributes #4 = { "target-cpu"="sm_90" "target-features"="+ptx80" "denormal-fp-math-f32"="preserve-sign,dynamic" }

; REPORT: pz: fadd float addrspace(1): rewritten fadd-guarded:
; REPORT: psi: fadd float addrspace(1): rewritten fadd-guarded:
; REPORT: psd: fadd float addrspace(1): native native:
; REPORT: ps: fadd float addrspace(1): native native:
; REPORT: ha_sys: fadd half addrspace(1): rewritten cas-loop-masked:
; REPORT: hs: fsub half addrspace(1): rewritten cas-loop-masked: the backend would negate the 16-bit operand with .ftz
; REPORT: v2h: fadd <2 x half> addrspace(1): rewritten cas-loop:
; REPORT: fl_loop: fsub float addrspace(1): rewritten fadd-guarded:
; REPORT: fs_shared_psi: fsub float addrspace(3): rewritten fadd-neg:
; REPORT: hs_ieee: fsub half addrspace(1): rewritten fadd-neg:

; CHECK-LABEL: define half @ha_sys(
; CHECK: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float 1.000000e+00, float {{%.*}})
; CHECK-NOT: fadd half
; CHECK-LABEL: define half @hs(
; CHECK: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float -1.000000e+00, float {{%.*}})
; CHECK-NOT: fneg
; CHECK-LABEL: define <2 x half> @v2h(
; CHECK-COUNT-2: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float 1.000000e+00, float {{%.*}})
; The guarded fsub's loop (|v| < 2^-101) in a function that keeps f32
; inputs but whose backend adds with .ftz.
; CHECK-LABEL: define float @fl_loop(
; CHECK: call float @llvm.nvvm.fma.rn.f(float {{%.*}}, float -1.000000e+00, float {{%.*}})
; CHECK-NOT: fsub float
; CHECK-LABEL: define float @fs_shared_psi(
; CHECK: call float @llvm.nvvm.fma.rn.f(float %v, float -1.000000e+00, float -0.000000e+00)
; CHECK-NOT: fneg
; CHECK-LABEL: define half @hs_ieee(
; CHECK: fneg half

; No .ftz add, subtraction or negation of a 16-bit value, nor of an f32
; outside the native add's operand and the guard's test.
; PTX-NOT: add{{.*}}.ftz.f16
; PTX-NOT: sub{{.*}}.ftz.f16
; PTX-NOT: neg.ftz.f16
; PTX-NOT: neg.ftz.f32
