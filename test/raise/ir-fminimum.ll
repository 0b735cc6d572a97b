; llvm.minimum/llvm.maximum loops become atomicrmw fminimum/fmaximum (LLVM
; 20 and later; ir-fminimum-llvm15.ll has the LLVM 15 case).
; RUN: %fpa-opt --minmax=keep --report=%t.report %s -o - | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; REQUIRES: fminimum

target triple = "nvptx64-nvidia-cuda"

declare float @llvm.minimum.f32(float, float)
declare double @llvm.maximum.f64(double, double)

; CHECK-LABEL: @minimum_f32(
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw fminimum ptr %p, float %v syncscope("device") monotonic, align 4
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

; CHECK-LABEL: @maximum_f64(
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw fmaximum ptr addrspace(1) %p, double %v seq_cst, align 8
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

; REPORT:      minimum_f32: fminimum float addrspace(0): raised cmpxchg-loop: {{.*}} new value llvm.minimum(old, v) {{.*}}: atomicrmw fminimum monotonic, device scope
; REPORT-NEXT: minimum_f32: fminimum float addrspace(0): kept
; REPORT-NEXT: maximum_f64: fmaximum double addrspace(1): raised cmpxchg-loop: {{.*}} new value llvm.maximum(old, v) {{.*}}: atomicrmw fmaximum seq_cst, system scope
; REPORT-NEXT: maximum_f64: fmaximum double addrspace(1): kept
