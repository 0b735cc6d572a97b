; A recognized function's own definition (the CUDA header's fallback) is
; lowered only if it stays once the calls to it are replaced: an erased
; one leaves no record (its cmpxchg loop is neither raised nor reported),
; an external one is lowered and reported like any other function.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.report --implicit-check-not=__fpa_atomic_fetch_min_f32_device
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define linkonce_odr float @__fpa_atomic_fetch_min_f32_device(ptr %p, float %v) noinline {
entry:
  %init = load i32, ptr %p, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %oldf = bitcast i32 %old to float
  %newf = call float @llvm.minnum.f32(float %oldf, float %v)
  %new = bitcast float %newf to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new syncscope("device") monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret float %oldf
}

define float @__fpa_atomic_fetch_max_f32_system(ptr %p, float %v) {
  %r = atomicrmw fmax ptr %p, float %v monotonic, align 4
  ret float %r
}

define float @user(ptr %p, float %v) {
  %a = call float @__fpa_atomic_fetch_min_f32_device(ptr %p, float %v)
  %b = call float @__fpa_atomic_fetch_max_f32_system(ptr %p, float %a)
  ret float %b
}
declare float @llvm.minnum.f32(float, float)

; CHECK: user: fmin float addrspace(0): rewritten {{.*}}from __fpa_atomic_fetch_min_f32_device
; CHECK-NEXT: user: fmax float addrspace(0): rewritten {{.*}}from __fpa_atomic_fetch_max_f32_system
; CHECK-NEXT: __fpa_atomic_fetch_max_f32_system: fmax float addrspace(0): rewritten
; IR-NOT: define {{.*}}@__fpa_atomic_fetch_min_f32_device(
; IR: define float @__fpa_atomic_fetch_max_f32_system(
; IR-NOT: atomicrmw fmax
