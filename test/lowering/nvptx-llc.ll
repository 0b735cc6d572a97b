; LLVM 22 only: the checks are of llc-22 PTX (fences, .sem/.scope forms).
; UNSUPPORTED: llvm15
; REQUIRES: nvptx
; The lowered IR compiles with llc for NVPTX, and the integer trick becomes
; the expected PTX atomics: signed min/max for the clear-sign path, unsigned
; max/min for the set-sign path, a cas for the 16-bit loop and for the NaN
; repair; the repair's cas loop is in a shared cold helper function
; (fpa.nanrepair.*, emitted after the kernels) that the site calls.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -o - | %FileCheck %s --check-prefix=CHECK
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=63>' %s | %llc -mcpu=sm_70 -mattr=+ptx63 -o - | %FileCheck %s --check-prefix=CHECK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float, device scope, acq_rel: one gpu-scope release fence before the
; sign branch, min.s32 / max.u32, one gpu-scope acquire fence after their
; join; repair by a call of the helper whose loop is an acq_rel gpu cas
; (checked at the end). No float min atomic, no cas in the function itself.
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
; CHECK-NOT:   {{min.f32|cas}}
; CHECK:       ret;
; CHECK-NOT:   {{min.f32|cas}}
; CHECK:       $L__BB{{.*}}atomicrmw.nanrepair
; CHECK-NOT:   {{min.f32|cas}}
; CHECK:       call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_device_$_acq_rel, (param0, param1, param2);
; CHECK-NOT:   {{min.f32|cas}}
; CHECK:       -- End function
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") acq_rel, align 4
  ret float %old
}

; fmax double, block scope, seq_cst, shared: a cta SC fence before the sign
; branch, max.s64 / min.u64, a cta acquire fence (fence.acq_rel) after them;
; repair by a call of the helper whose loop is a cta shared cas (checked at
; the end).
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
; CHECK-NOT:   cas
; CHECK:       ret;
; CHECK-NOT:   cas
; CHECK:       $L__BB{{.*}}atomicrmw.nanrepair
; CHECK-NOT:   cas
; CHECK:       call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f64_$_p3_$_block_$_seq_cst, (param0, param1, param2);
; CHECK-NOT:   cas
; CHECK:       -- End function
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

; fadd half, global, device scope: the native f16 add from sm_70 with PTX
; 6.3 (at system scope it is a loop: nvptx-native-sys.ll).
define half @fadd_f16(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: fadd_f16(
; CHECK:       atom.global.add.noftz.f16
; CHECK:       ret;
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %old
}

; The NaN repair helpers, after the functions, in the order the sites first
; need them: fmin f32 global device acq_rel repairs by an acq_rel gpu cas in
; a loop; fmax f64 shared block seq_cst by a cta shared cas (an SC fence and
; an acquire cas, as llc lowers a seq_cst cmpxchg).
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_device_$_acq_rel(
; CHECK:       $L__BB{{.*}}atomicrmw.start
; CHECK:       atom.acq_rel.gpu.global.cas.b32
; CHECK-NEXT:  setp.ne.b32
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmax_$_f64_$_p3_$_block_$_seq_cst(
; CHECK:       $L__BB{{.*}}atomicrmw.start
; CHECK:       fence.sc.cta;
; CHECK-NEXT:  atom.{{.*}}cta.shared.cas.b64
; CHECK-NEXT:  setp.ne.b64
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK:       ret;
