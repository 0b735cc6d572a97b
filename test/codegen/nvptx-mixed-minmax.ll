; The default's mixed-sign form (precheck=adaptive with NaN repair, sm_80)
; computes its new value with PTX min/max through llc and ptxas, never the
; .ftz forms, even in a function that flushes f32 subnormals (CUDA's
; -fcuda-flush-denormals-to-zero), where llvm.minnum would become
; min.ftz.f32 and lose subnormals; also after -O2 (InstCombine keeps the
; NVVM intrinsic there). A NaN operand selects the loaded value, the
; cmpxchg's new value. The form is there for a used f32 result (fmin_ftz)
; and for f64 (fmax_f64, result unused).
; REQUIRES: nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=none>' %s -o %t.bc
; RUN: %llc -mcpu=sm_80 -mattr=+ptx70 %t.bc -o %t.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,RAW --implicit-check-not=.ftz < %t.ptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=none>,default<O2>' %s -o %t2.bc
; RUN: %llc -mcpu=sm_80 -mattr=+ptx70 %t2.bc -o %t2.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,OPT --implicit-check-not=.ftz < %t2.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry fmin_ftz(
; CHECK: vote.sync.ballot.b32
; CHECK: // %hint.cas.load
; CHECK-NEXT: ld.{{relaxed.gpu|volatile}}.global.{{b32|u32}} [[CUR:%r[0-9]+]], [
; RAW: min.f32
; RAW: selp.b32 [[N:%r[0-9]+]], [[CUR]], %r{{[0-9]+}}, %p{{[0-9]+}};
; After -O2 the select is a branch: the NaN test or the no-op test ends at
; the load, else the cmpxchg stores min's result.
; OPT: setp.gt.u32 [[VNAN:%p[0-9]+]], %r{{[0-9]+}}, 2139095040;
; OPT: min.f32
; OPT: setp.eq.{{b32|s32}} [[SAME:%p[0-9]+]], {{%r[0-9]+, %r[0-9]+}};
; OPT-NEXT: or.pred [[NOOP:%p[0-9]+]], [[VNAN]], [[SAME]];
; OPT-NEXT: @[[NOOP]] bra
; CHECK: // %hint.cas.try
; RAW-NEXT: atom{{(.relaxed.gpu)?}}.global.cas.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], [[CUR]], [[N]];
; OPT-NEXT: atom{{(.relaxed.gpu)?}}.global.cas.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], [[CUR]], %r{{[0-9]+}};
define ptx_kernel void @fmin_ftz(ptr addrspace(1) %p, float %v, ptr addrspace(1) %out) #0 {
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  store float %o, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry fmax_f64(
; CHECK: max.f64
define ptx_kernel void @fmax_f64(ptr addrspace(1) %p, double %v) #0 {
  %o = atomicrmw fmax ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret void
}

attributes #0 = { "denormal-fp-math"="preserve-sign,preserve-sign" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
