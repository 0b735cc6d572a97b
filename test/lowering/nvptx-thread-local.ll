; An fmin on a generic pointer cast from thread-local memory is left to
; the backend under every option set, grouped by none: only this thread
; reaches the location, llc makes the atomic a plain ld.local and st.local,
; and PTX has no atom on .local (a lowering's atom or inline PTX there was
; invalid or undefined). llc-15 cannot select an fmin atomic at all, so the
; PTX is checked on LLVM 22.
; RUN: %fpa-opt --sm=90 --report=- -o %t.ll %s | %FileCheck %s --check-prefix=AUTO
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %fpa-opt --sm=90 --aggregate=warp --report=- -o /dev/null %s | %FileCheck %s --check-prefix=WARP
; RUN: %if llvm22 %{ %llc -mcpu=sm_90 -mattr=+ptx84 %t.ll -o - | %FileCheck %s --check-prefix=PTX %}
; REQUIRES: nvptx

target triple = "nvptx64-nvidia-cuda"

; AUTO: local_generic: fmin float addrspace(0): native native: thread-local memory (a generic pointer to an alloca or to addrspace(5))
; AUTO: alloca_generic: fmin float addrspace(0): native native: thread-local memory
; AUTO: local_as5: fmax float addrspace(5): native native: thread-local memory (addrspace(5))
; WARP: local_generic: fmin float addrspace(0): native native: thread-local memory
; WARP: alloca_generic: fmin float addrspace(0): native native: thread-local memory
; WARP: local_as5: fmax float addrspace(5): native native: thread-local memory
; CHECK-LABEL: define ptx_kernel void @local_generic(
; CHECK-NEXT: alloca
; CHECK-NEXT: addrspacecast
; CHECK-NEXT: atomicrmw fmin ptr %p, float %v syncscope("device") monotonic
; PTX-NOT: atom
; PTX-NOT: isspacep
define ptx_kernel void @local_generic(float %v) {
  %a = alloca float, align 4, addrspace(5)
  %p = addrspacecast ptr addrspace(5) %a to ptr
  %o = atomicrmw fmin ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}

define ptx_kernel void @alloca_generic(ptr addrspace(1) %out, float %v, float %w) {
  %a = alloca float, align 4
  store float %w, ptr %a
  %o = atomicrmw fmin ptr %a, float %v monotonic, align 4
  store float %o, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @local_as5(ptr addrspace(1) %out, float %v, float %w) {
  %a = alloca float, align 4, addrspace(5)
  store float %w, ptr addrspace(5) %a
  %o = atomicrmw fmax ptr addrspace(5) %a, float %v syncscope("device") monotonic, align 4
  store float %o, ptr addrspace(1) %out
  ret void
}
