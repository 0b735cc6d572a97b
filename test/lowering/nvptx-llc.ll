; LLVM 22 only: the checks are of llc-22 PTX (fences, .sem/.scope forms).
; UNSUPPORTED: llvm15
; REQUIRES: nvptx
; The lowered IR compiles with llc for NVPTX, and the integer trick becomes
; the expected PTX atomics: signed min/max for the clear-sign path, unsigned
; max/min for the set-sign path, a cas for the repair and the 16-bit loop.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -o - | %FileCheck %s --check-prefix=CHECK
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=63>' %s | %llc -mcpu=sm_70 -mattr=+ptx63 -o - | %FileCheck %s --check-prefix=CHECK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float, device scope, acq_rel: one gpu-scope release fence before the
; sign branch, min.s32 / max.u32, one gpu-scope acquire fence after their
; join; repair by an acq_rel gpu cas. No float min atomic.
define float @fmin_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmin_f32(
; CHECK:       fence.acq_rel.gpu;
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK-NOT:   fence
; CHECK:       atom.global.min.s32
; CHECK-NOT:   fence
; CHECK:       atom.global.max.u32
; CHECK-NEXT:  $L__BB{{.*}}atomicrmw.join
; CHECK-NEXT:  fence.acq_rel.gpu;
; CHECK:       atom.acq_rel.gpu.global.cas.b32
; CHECK-NOT:   min.f32
; CHECK:       ret;
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") acq_rel, align 4
  ret float %old
}

; fmax double, block scope, seq_cst, shared: a cta SC fence before the sign
; branch, max.s64 / min.u64, a cta acquire fence (fence.acq_rel) after them.
define double @fmax_f64(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: fmax_f64(
; CHECK:       fence.sc.cta;
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK-NOT:   fence
; CHECK:       atom.shared.max.s64
; CHECK-NOT:   fence
; CHECK:       atom.shared.min.u64
; CHECK-NEXT:  $L__BB{{.*}}atomicrmw.join
; CHECK-NEXT:  fence.acq_rel.cta;
; CHECK:       atom.{{.*}}cta.shared.cas.b64
; CHECK:       ret;
  %old = atomicrmw fmax ptr addrspace(3) %p, double %v syncscope("block") seq_cst, align 8
  ret double %old
}

; fmin half, generic, monotonic: a 32-bit cas loop.
define half @fmin_f16(ptr %p, half %v) {
; CHECK-LABEL: fmin_f16(
; CHECK:       atom.relaxed.sys.cas.b32
; CHECK:       ret;
  %old = atomicrmw fmin ptr %p, half %v monotonic, align 2
  ret half %old
}

; fadd half, global: the native f16 add from sm_70 with PTX 6.3.
define half @fadd_f16(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: fadd_f16(
; CHECK:       atom.global.add.noftz.f16
; CHECK:       ret;
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}
