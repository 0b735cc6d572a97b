; What happens to a recognized function once its calls are replaced. It is
; erased when nothing uses it any more and it is a declaration or has
; discardable linkage (linkonce_odr, as <fpatomics/cuda.h> defines its
; fallback, linkonce, internal, private, available_externally). A weak or
; external definition keeps its body, and a function still used otherwise
; (its address stored) stays. Calls are replaced in every case, also in
; functions that come before the definition and in the definitions of other
; functions.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -S %s | %FileCheck %s --implicit-check-not='call {{.*}}@__fpa'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @user(
; CHECK-NEXT: %a = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
; CHECK-NEXT: %b = atomicrmw fmax ptr %p, float %a syncscope("device") monotonic, align 4
; CHECK-NEXT: %c = atomicrmw fadd ptr %p, float %b syncscope("block") monotonic, align 4
; CHECK-NEXT: %d = atomicrmw fsub ptr %p, float %c monotonic, align 4
; CHECK-NEXT: %e = atomicrmw fmin ptr addrspace(3) %s, float %d syncscope("block") monotonic, align 4
; CHECK-NEXT: %f = atomicrmw fmax ptr addrspace(1) %g, double %x syncscope("device") monotonic, align 8
; CHECK-NEXT: %h = atomicrmw fadd ptr %p, half %y monotonic, align 2
; CHECK-NEXT: %i = atomicrmw fsub ptr %p, half %y syncscope("block") monotonic, align 2
; CHECK-NEXT: store ptr @__fpa_atomic_fetch_sub_f16_block, ptr %q
define float @user(ptr %p, ptr addrspace(3) %s, ptr addrspace(1) %g, ptr %q, float %v, double %x, half %y) {
  %a = call float @__fpa_atomic_fetch_min_f32_device(ptr %p, float %v)
  %b = call float @__fpa_atomic_fetch_max_f32_device(ptr %p, float %a)
  %c = call float @__fpa_atomic_fetch_add_f32_block(ptr %p, float %b)
  %d = call float @__fpa_atomic_fetch_sub_f32_system(ptr %p, float %c)
  %e = call float @__fpa_atomic_fetch_min_f32_block(ptr addrspace(3) %s, float %d)
  %f = call double @__fpa_atomic_fetch_max_f64_device(ptr addrspace(1) %g, double %x)
  %h = call half @__fpa_atomic_fetch_add_f16_system(ptr %p, half %y)
  %i = call half @__fpa_atomic_fetch_sub_f16_block(ptr %p, half %y)
  store ptr @__fpa_atomic_fetch_sub_f16_block, ptr %q
  ret float %e
}

; The header's shape: a cmpxchg loop. linkonce_odr: erased.
; CHECK-NOT: define {{.*}}@__fpa_atomic_fetch_min_f32_device(
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

; weak: the body stays, unchanged, and calls to it were replaced.
; CHECK-LABEL: define weak float @__fpa_atomic_fetch_max_f32_device(
; CHECK-NEXT: %r = atomicrmw xchg ptr %p, float %v syncscope("device") monotonic
define weak float @__fpa_atomic_fetch_max_f32_device(ptr %p, float %v) noinline {
  %r = atomicrmw xchg ptr %p, float %v syncscope("device") monotonic
  ret float %r
}

; linkonce, internal, private, available_externally: erased.
; CHECK-NOT: @__fpa_atomic_fetch_add_f32_block(
; CHECK-NOT: @__fpa_atomic_fetch_sub_f32_system(
; CHECK-NOT: @__fpa_atomic_fetch_min_f32_block(
; CHECK-NOT: @__fpa_atomic_fetch_add_f16_system(
define linkonce float @__fpa_atomic_fetch_add_f32_block(ptr %p, float %v) {
  ret float %v
}
define internal float @__fpa_atomic_fetch_sub_f32_system(ptr %p, float %v) {
  ret float %v
}
define private float @__fpa_atomic_fetch_min_f32_block(ptr addrspace(3) %p, float %v) {
  ret float %v
}
define available_externally half @__fpa_atomic_fetch_add_f16_system(ptr %p, half %v) {
  ret half %v
}

; An external definition stays; so does a declaration whose address is
; taken. A declaration whose calls are all gone is erased.
; CHECK-LABEL: define double @__fpa_atomic_fetch_max_f64_device(
; CHECK: declare half @__fpa_atomic_fetch_sub_f16_block(ptr, half)
define double @__fpa_atomic_fetch_max_f64_device(ptr addrspace(1) %p, double %v) {
  ret double %v
}
declare half @__fpa_atomic_fetch_sub_f16_block(ptr, half)

; A call in a function after the definitions, and a near miss.
; CHECK-LABEL: define float @later(
; CHECK-NEXT: %a = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
; CHECK-NEXT: %b = call float @__fpa_atomic_fetch_min_f32_warp(ptr %p, float %a)
; CHECK-NEXT: %c = call float @__fpa_atomic_fetch_min_bf16_device(ptr %p, float %b)
define float @later(ptr %p, float %v) {
  %a = call float @__fpa_atomic_fetch_min_f32_device(ptr %p, float %v)
  %b = call float @__fpa_atomic_fetch_min_f32_warp(ptr %p, float %a)
  %c = call float @__fpa_atomic_fetch_min_bf16_device(ptr %p, float %b)
  ret float %c
}
declare float @__fpa_atomic_fetch_min_f32_warp(ptr, float)
declare float @__fpa_atomic_fetch_min_bf16_device(ptr, float)
declare float @llvm.minnum.f32(float, float)
