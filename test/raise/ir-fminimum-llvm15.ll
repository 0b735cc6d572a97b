; LLVM 15 has llvm.minimum/llvm.maximum but no atomicrmw fminimum/fmaximum
; in its C API: the loops stay, and the report says why.
; RUN: %fpa-opt --minmax=keep --report=%t.report %s -o %t.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; REQUIRES: llvm15

target triple = "nvptx64-nvidia-cuda"

declare float @llvm.minimum.f32(float, float)
declare double @llvm.maximum.f64(double, double)

define float @minimum_f32(ptr %p, float %v) {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i32 %old to float
  %nf = call float @llvm.minimum.f32(float %v, float %of)
  %new = bitcast float %nf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new syncscope("device") monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret float %of
}

define void @maximum_f64(ptr addrspace(1) %p, double %v) {
entry:
  %init = load i64, ptr addrspace(1) %p, align 8
  br label %loop
loop:
  %old = phi i64 [ %init, %entry ], [ %seen, %loop ]
  %of = bitcast i64 %old to double
  %nf = call double @llvm.maximum.f64(double %of, double %v)
  %new = bitcast double %nf to i64
  %pair = cmpxchg ptr addrspace(1) %p, i64 %old, i64 %new seq_cst seq_cst, align 8
  %seen = extractvalue { i64, i1 } %pair, 0
  %same = icmp eq i64 %seen, %old
  br i1 %same, label %done, label %loop
done:
  ret void
}


; REPORT:      minimum_f32: fminimum float addrspace(0): not-raised cmpxchg-loop: not raised: atomicrmw fminimum/fmaximum need LLVM 20 or later (this library is built on LLVM 15.{{.*}})
; REPORT-NEXT: maximum_f64: fmaximum double addrspace(1): not-raised cmpxchg-loop: not raised: atomicrmw fminimum/fmaximum need LLVM 20 or later
