; warp-precheck through llc and ptxas: the hint is two words of shared
; memory, read and written by relaxed accesses of block (.cta) scope, and
; the PTX assembles.
; REQUIRES: nvptx
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp;warp-precheck=mixed>' %s -o %t.bc
; RUN: %llc -mcpu=sm_80 -mattr=+ptx70 %t.bc -o %t.ptx
; RUN: %FileCheck %s < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: .entry k(
; CHECK: .shared .align 4 .b8 fpa_$_warp_$_hint[8];
; CHECK: ld.{{relaxed.cta.shared|volatile.shared}}.{{b32|u32}} {{%r[0-9]+}}, [fpa_$_warp_$_hint];
; CHECK-NOT: %clock
; CHECK: shfl.sync.up.b32
; CHECK: vote.sync.uni.pred
; The precheck form stores the cold word into the hint after an update that
; changed memory, and the direct form stores 0 (hot) after a no-op; each
; form is built twice, for the group leaders' combined update and for the
; per-lane path: the kernel's only four stores into shared memory, each of a
; constant (LLVM 15: in a register) into the hint's first word.
; CHECK: st.{{relaxed.cta.shared|volatile.shared}}.{{b32|u32}} [fpa_$_warp_$_hint], {{-?[1-9][0-9]*|%r[0-9]+}};
; CHECK-NOT: st.{{.*}}shared
; CHECK: st.{{relaxed.cta.shared|volatile.shared}}.{{b32|u32}} [fpa_$_warp_$_hint], {{0|%r[0-9]+}};
; CHECK-NOT: st.{{.*}}shared
; CHECK: st.{{relaxed.cta.shared|volatile.shared}}.{{b32|u32}} [fpa_$_warp_$_hint], {{0|%r[0-9]+}};
; CHECK-NOT: st.{{.*}}shared
; CHECK: st.{{relaxed.cta.shared|volatile.shared}}.{{b32|u32}} [fpa_$_warp_$_hint], {{-?[1-9][0-9]*|%r[0-9]+}};
; CHECK-NOT: st.{{.*}}shared
define void @k(ptr addrspace(1) %p, float %v) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = lshr i32 %t, 1 ; pairs of lanes may share an address: grouping tests
  %q = getelementptr float, ptr addrspace(1) %p, i32 %i
  %o = atomicrmw fmin ptr addrspace(1) %q, float %v monotonic, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
