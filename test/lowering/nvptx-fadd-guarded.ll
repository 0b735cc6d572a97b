; REQUIRES: nvptx
; UNSUPPORTED: llvm15
; (LLVM 15 selects no NVPTX fences, so the seq_cst case differs there;
; nvptx-orderings-scopes.ll covers LLVM 15's form.)
; The guarded f32 add: atom.add.f32 flushes subnormals on global memory (and
; on generic pointers, which may point there), so fadd and fsub of float take
; the native add only where the operand w (v, or -v for fsub) has
; |w| >= 2^-101 (bits & 0x7fffffff >= 0x0d000000 = 218103808), inf or NaN, and
; an exact cmpxchg loop of the original operation otherwise. Shared memory,
; flushing functions and assume=subnormal-flush keep the plain native add.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -S %s | %FileCheck %s
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;assume=subnormal-flush>' -S %s | %FileCheck %s --check-prefix=FLUSH
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' %s | %llc -mcpu=sm_90 -o - | %FileCheck %s --check-prefix=PTX
; RUN: %fpa-opt %s -o /dev/null --sm=90 --report=- 2>&1 | %FileCheck %s --check-prefix=REPORT

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fadd, global, device scope, result used: the guard on v, the native add of v,
; the loop's fadd of v, and the old value from whichever ran.
define float @fadd_global_used(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_global_used(
; CHECK-NEXT:    %wbits = bitcast float %v to i32
; CHECK-NEXT:    %mag = and i32 %wbits, 2147483647
; CHECK-NEXT:    %addexact = icmp uge i32 %mag, 218103808
; CHECK-NEXT:    br i1 %addexact, label %atomicrmw.native, label %atomicrmw.tiny, !prof [[LIKELY:![0-9]+]]
; CHECK:       atomicrmw.native:
; CHECK-NEXT:    [[N:%.*]] = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
; CHECK-NEXT:    [[NB:%.*]] = bitcast float [[N]] to i32
; CHECK-NEXT:    br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:    [[INIT:%.*]] = load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic, align 4
; CHECK:       atomicrmw.start:
; CHECK-NEXT:    [[LOADED:%.*]] = phi i32 [ [[INIT]], %atomicrmw.tiny ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK:         [[NEW:%.*]] = fadd float
; CHECK:         [[NEWB:%.*]] = bitcast float [[NEW]] to i32
; CHECK-NEXT:    [[SAME:%.*]] = icmp eq i32 [[NEWB]], [[LOADED]]
; CHECK-NEXT:    br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; CHECK:       atomicrmw.cas:
; CHECK-NEXT:    [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEWB]] syncscope("device") monotonic monotonic, align 4
; CHECK-NEXT:    [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK:       atomicrmw.end:
; CHECK-NEXT:    [[OLD:%.*]] = phi i32 [ [[NB]], %atomicrmw.native ], [ [[LOADED]], %atomicrmw.start ], [ [[LOADED]], %atomicrmw.cas ]
; CHECK-NEXT:    %old = bitcast i32 [[OLD]] to float
; CHECK-NEXT:    ret float %old
; FLUSH-LABEL: define float @fadd_global_used(
; FLUSH-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %old
}

; fsub, generic, volatile, seq_cst, system scope, result unused: the guard on
; -v; the native add of -v is a seq_cst fence then inline PTX atom.acquire.sys; the
; loop subtracts v, volatile and seq_cst, with no early exit (volatile).
define void @fsub_generic_volatile_seqcst(ptr %p, float %v) {
; CHECK-LABEL: define void @fsub_generic_volatile_seqcst(
; CHECK-NEXT:    %neg = fneg float %v
; CHECK-NEXT:    %wbits = bitcast float %neg to i32
; CHECK-NEXT:    %mag = and i32 %wbits, 2147483647
; CHECK-NEXT:    %addexact = icmp uge i32 %mag, 218103808
; CHECK-NEXT:    br i1 %addexact, label %atomicrmw.native, label %atomicrmw.tiny, !prof [[LIKELY]]
; CHECK:       atomicrmw.native:
; CHECK-NEXT:    fence seq_cst
; CHECK-NEXT:    call float asm sideeffect "atom.acquire.sys.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr %p, float %neg)
; CHECK-NEXT:    br label %atomicrmw.end
; CHECK:       atomicrmw.tiny:
; CHECK-NEXT:    load atomic volatile i32, ptr %p monotonic, align 4
; CHECK:       atomicrmw.start:
; CHECK:         fsub float
; CHECK-NOT:     icmp eq
; CHECK:         cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK:       atomicrmw.end:
; CHECK-NEXT:    ret void
; FLUSH-LABEL: define void @fsub_generic_volatile_seqcst(
; FLUSH-NEXT:    %neg = fneg float %v
; FLUSH-NEXT:    fence seq_cst
; FLUSH-NEXT:    call float asm sideeffect "atom.acquire.sys.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr %p, float %neg)
; FLUSH-NEXT:    ret void
  %old = atomicrmw volatile fsub ptr %p, float %v seq_cst, align 4
  ret void
}

; Shared memory does not flush: fadd stays native, fsub is fadd of -v.
define float @fadd_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_shared(
; CHECK-NEXT:    %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
; CHECK-NEXT:    ret float %old
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}
define float @fsub_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fsub_shared(
; CHECK-NEXT:    %neg = fneg float %v
; CHECK-NEXT:    %old = atomicrmw fadd ptr addrspace(3) %p, float %neg syncscope("block") monotonic, align 4
; CHECK-NEXT:    ret float %old
  %old = atomicrmw fsub ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; A function that flushes f32 subnormals keeps the plain native add.
define float @fadd_flushing_fn(ptr addrspace(1) %p, float %v) #0 {
; CHECK-LABEL: define float @fadd_flushing_fn(
; CHECK-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
; CHECK-NEXT:    ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %old
}

; double does not flush: native.
define double @fadd_f64(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fadd_f64(
; CHECK-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
; CHECK-NEXT:    ret double %old
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v syncscope("device") monotonic, align 8
  ret double %old
}

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }

; CHECK: [[LIKELY]] = !{!"branch_weights", i32 2000, i32 1}

; The assembly: an unsigned compare of the magnitude with 2^-101, the native
; add on the likely path, and an IEEE add (no .ftz) in the loop.
; PTX-LABEL: .func  (.param .b32 func_retval0) fadd_global_used(
; PTX:         and.b32 [[MAG:%r[0-9]+]], {{%r[0-9]+}}, 2147483647;
; PTX-NEXT:    setp.lt.u32 [[P:%p[0-9]+]], [[MAG]], 218103808;
; PTX-NEXT:    @[[P]] bra
; PTX:         atom.global.add.f32
; PTX:         ld.relaxed.gpu.global.b32
; PTX:         add.rn.f32
; PTX:         atom.relaxed.gpu.global.cas.b32
; PTX-LABEL: fsub_generic_volatile_seqcst(
; PTX:         neg.f32
; PTX:         fence.sc.sys;
; PTX-NEXT:    // begin inline asm
; PTX-NEXT:    atom.acquire.sys.add.f32
; PTX-NEXT:    // end inline asm
; PTX-NOT:     fence
; PTX:         sub.rn.f32
; PTX-NOT:     .ftz

; REPORT: fadd_global_used: fadd float addrspace(1): rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros
; REPORT: fsub_generic_volatile_seqcst: fsub float addrspace(0): rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add of -v where |-v| >= 2^-101 {{.*}}; system scope: its atomics are inline PTX atom.sys
; REPORT: fadd_shared: fadd float addrspace(3): native native
; REPORT: fsub_shared: fsub float addrspace(3): rewritten fadd-neg
; REPORT: fadd_flushing_fn: fadd float addrspace(1): native native
