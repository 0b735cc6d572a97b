; aggregate=warp leaves vector atomics to their per-lane lowering (one
; cmpxchg over the whole width), and says why. LLVM 15 has no vector
; atomicrmw fmin.
; UNSUPPORTED: llvm15
; RUN: %fpa-opt --sm=90 --aggregate=warp %s -o %t.ll --report 2>&1 | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: vector_f32: fmin <2 x float> addrspace(1): rewritten cas-loop: {{.*}}; not warp-aggregated: vector atomics are not combined
; IR-NOT: llvm.nvvm
; IR: cmpxchg ptr addrspace(1) %p, i64
define <2 x float> @vector_f32(ptr addrspace(1) %p, <2 x float> %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, <2 x float> %v monotonic, align 8
  ret <2 x float> %old
}
