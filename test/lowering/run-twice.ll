; The pass over its own output changes nothing: the native add of a
; guarded add (!fpa.guarded) stays native, an atomicrmw already between
; the fences of its ordering (!fpa.fenced) gets no more, the cmpxchg of
; the lowering's loops (!fpa.loop) is not taken for a user's loop by the
; raise stage, and a group's atomic (!fpa.grouped) is not grouped again.
; The second run's records are all `native`.
; RUN: %fpa-opt %s -o %t1.ll --report=%t1.report
; RUN: %fpa-opt %t1.ll -o %t2.ll --report=%t2.report
; RUN: %FileCheck %s --check-prefix=FIRST --input-file=%t1.report
; RUN: %FileCheck %s --check-prefix=SECOND --input-file=%t2.report
; RUN: sed -e '/^; ModuleID/d' -e '/^source_filename/d' -e 's/ *; preds = .*//' %t1.ll > %t1.norm
; RUN: sed -e '/^; ModuleID/d' -e '/^source_filename/d' -e 's/ *; preds = .*//' %t2.ll > %t2.norm
; RUN: diff %t1.norm %t2.norm
; With the opt-in warp sums of fadd, the second run groups nothing again
; (!fpa.grouped on the groups' atomics):
; RUN: %fpa-opt %s -o %t4.ll --aggregate=warp --assume=reassociate-fadd
; RUN: %fpa-opt %t4.ll -o %t5.ll --aggregate=warp --assume=reassociate-fadd --report=%t5.report
; RUN: %FileCheck %s --check-prefix=SECONDW --input-file=%t5.report --implicit-check-not=rewritten --implicit-check-not=raised
; The plugin, twice in one pipeline:
; RUN: %opt %loadplugin -passes=lower-fp-atomics,lower-fp-atomics -S %s -o %t3.ll
; RUN: sed -e '/^; ModuleID/d' -e '/^source_filename/d' -e 's/ *; preds = .*//' %t3.ll > %t3.norm
; RUN: diff %t1.norm %t3.norm
; RUN: %FileCheck %s --input-file=%t1.ll
; REQUIRES: nvptx, llvm22
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %v, ptr addrspace(1) %o, ptr addrspace(1) %d, double %w, ptr addrspace(1) %h, half %x) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  store float %a, ptr addrspace(1) %o
  %b = atomicrmw fsub ptr addrspace(1) %p, float %v syncscope("device") seq_cst, align 4
  %c = atomicrmw fadd ptr addrspace(1) %d, double %w syncscope("device") release, align 8
  %e = atomicrmw fmin ptr addrspace(1) %h, half %x syncscope("device") monotonic, align 2
  %f = atomicrmw fmax ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; A user's compare-and-swap loop, raised in the first run.
define void @user_loop(ptr addrspace(1) %p, float %v) #0 {
entry:
  %init = load i32, ptr addrspace(1) %p, align 4
  br label %loop
loop:
  %cur = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %curf = bitcast i32 %cur to float
  %m = call float @llvm.minnum.f32(float %curf, float %v)
  %mi = bitcast float %m to i32
  %pair = cmpxchg ptr addrspace(1) %p, i32 %cur, i32 %mi syncscope("device") monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}
declare float @llvm.minnum.f32(float, float)

; Marks are taken at their word only where the code around them is what
; the lowering built: a user's fadd carrying !fpa.guarded without the guard
; is guarded, one carrying !fpa.fenced without the fences, or between
; fences of another scope, is fenced.
define void @foreign_marks(ptr addrspace(1) %p, float %v, ptr addrspace(1) %d, double %w) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4, !fpa.guarded !0
  %b = atomicrmw fadd ptr addrspace(1) %d, double %w syncscope("device") seq_cst, align 8, !fpa.fenced !0
  fence syncscope("block") seq_cst
  %c = atomicrmw fadd ptr addrspace(1) %d, double %w syncscope("device") seq_cst, align 8, !fpa.fenced !0
  fence syncscope("block") acquire
  ret void
}

; A constant operand's guard is decided here: 1.0 needs none (fsub: the
; native add of -1.0), 2^-127 takes the loop.
define void @const_ops(ptr addrspace(1) %p) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %p, float 1.0 syncscope("device") monotonic, align 4
  %b = atomicrmw fsub ptr addrspace(1) %p, float 1.0 syncscope("device") seq_cst, align 4
  %c = atomicrmw fadd ptr addrspace(1) %p, float 0x3800000000000000 syncscope("device") monotonic, align 4
  ret void
}

; In a function whose f32 flushes, -v is an fma, but of a constant the
; constant -1.0, so the second run sees a constant too.
define void @const_ftz(ptr addrspace(1) %p) #1 {
  %b = atomicrmw fsub ptr addrspace(1) %p, float 1.0 syncscope("device") monotonic, align 4
  ret void
}
!0 = !{}
attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx84" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx84" "denormal-fp-math-f32"="preserve-sign,ieee" }

; FIRST: k: fadd float addrspace(1): rewritten fadd-guarded:
; FIRST: k: fsub float addrspace(1): rewritten fadd-guarded:
; FIRST: k: fadd double addrspace(1): rewritten native-fenced:
; FIRST: k: fmin half addrspace(1): rewritten warp-aggregated: {{.*}}each group's leader: cas-loop-masked:
; FIRST: k: fmax float addrspace(1): rewritten warp-aggregated:
; FIRST: user_loop: fmin float addrspace(1): raised cmpxchg-loop:
; FIRST: user_loop: fmin float addrspace(1): rewritten warp-aggregated:
; FIRST: foreign_marks: fadd float addrspace(1): rewritten fadd-guarded:
; FIRST: foreign_marks: fadd double addrspace(1): rewritten native-fenced:
; FIRST: foreign_marks: fadd double addrspace(1): rewritten native-fenced:
; FIRST: const_ops: fadd float addrspace(1): native native: {{.*}}the constant operand is at least 2^-101 in magnitude
; FIRST: const_ops: fsub float addrspace(1): rewritten fadd-neg: {{.*}}the constant operand is at least 2^-101 in magnitude{{.*}}; fenced
; FIRST: const_ops: fadd float addrspace(1): rewritten cas-loop: atom.add.f32 flushes subnormals, and the constant operand is below 2^-101
; FIRST: const_ftz: fsub float addrspace(1): rewritten fadd-neg:

; SECOND-NOT: rewritten
; SECOND-NOT: raise
; SECOND: k: fadd float addrspace(1): native native: {{.*}}the native add of a guarded add (!fpa.guarded)
; SECOND: k: fadd float addrspace(1): native native: {{.*}}the native add of a guarded add (!fpa.guarded){{.*}}between the fences of its ordering already (!fpa.fenced)
; SECOND: k: fadd double addrspace(1): native native: {{.*}}between the fences of its ordering already (!fpa.fenced)
; SECOND: foreign_marks: fadd float addrspace(1): native native: {{.*}}(!fpa.guarded)
; SECOND: foreign_marks: fadd double addrspace(1): native native: {{.*}}(!fpa.fenced)
; SECOND-NOT: rewritten
; SECOND-NOT: raise

; SECONDW: k: fadd float addrspace(1): native native:
; SECONDW: foreign_marks: fadd double addrspace(1): native native:

; CHECK: atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4, !fpa.guarded
; CHECK: cmpxchg {{.*}}, !fpa.loop
