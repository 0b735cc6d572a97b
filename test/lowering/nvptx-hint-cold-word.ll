; precheck=adaptive's hint (lib/warp_hint.c) is cold only where it holds
; its function's cold word, FNV-1a of the function's name (never 0, 1 or
; ~0), and hot for any other word, such as the zeros or data another
; kernel left in shared memory; lanes store 0 (hot), that word, or the
; warm word (that word ^ 1, a step down from 0 that still reads hot). Two
; sites of one function test and store the same words; another function
; has its own: FNV-1a("kernel_a") = 0xaa6920ec (-1435950868 as i32; warm
; -1435950867), FNV-1a("kernel_b") = 0xad6925a5 (-1385618011; warm
; -1385618012).
; RUN: %fpa-opt --aggregate=none --sm=90 %s | %FileCheck %s
; RUN: %fpa-opt --sm=90 %s | %FileCheck %s --check-prefix=AUTO

; CHECK-LABEL: define ptx_kernel void @kernel_a(
; CHECK: %hot{{[0-9]*}} = icmp ne i32 %{{[0-9]+}}, -1435950868
; CHECK: %[[D:hint.down[0-9]*]] = select i1 %hint.was0{{[0-9]*}}, i32 -1435950867, i32 -1435950868
; CHECK: store atomic i32 %[[D]], ptr addrspace(3) @fpa.warp.hint
; CHECK: %hot{{[0-9]*}} = icmp ne i32 %{{[0-9]+}}, -1435950868
; CHECK: %[[D:hint.down[0-9]*]] = select i1 %hint.was0{{[0-9]*}}, i32 -1435950867, i32 -1435950868
; CHECK: store atomic i32 %[[D]], ptr addrspace(3) @fpa.warp.hint
; CHECK-NOT: -1385618011
; CHECK-LABEL: define ptx_kernel void @kernel_b(
; CHECK-NOT: -1435950868
; CHECK: %hot{{[0-9]*}} = icmp ne i32 %{{[0-9]+}}, -1385618011
; CHECK: %[[D:hint.down[0-9]*]] = select i1 %hint.was0{{[0-9]*}}, i32 -1385618012, i32 -1385618011
; CHECK: store atomic i32 %[[D]], ptr addrspace(3) @fpa.warp.hint
; CHECK-NOT: -1435950868

; The default (aggregate=auto) uses the same word.
; AUTO-LABEL: define ptx_kernel void @kernel_b(
; AUTO-NOT: -1435950868
; AUTO: %hot{{[0-9]*}} = icmp ne i32 %{{[0-9]+}}, -1385618011
; AUTO: %[[D:hint.down[0-9]*]] = select i1 %hint.was0{{[0-9]*}}, i32 -1385618012, i32 -1385618011
; AUTO: store atomic i32 %[[D]], ptr addrspace(3) @fpa.warp.hint
; AUTO-NOT: -1435950868

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @kernel_a(ptr addrspace(1) %p, ptr addrspace(1) %q, float %v) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  %b = atomicrmw fmax ptr addrspace(1) %q, float %v syncscope("device") monotonic, align 4
  ret void
}

define ptx_kernel void @kernel_b(ptr addrspace(1) %p, float %v) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}
