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
; AUTO: sel: fmin float addrspace(0): native native: thread-local memory
; AUTO: phi: fmin float addrspace(0): native native: thread-local memory
; AUTO: i2p: fmin float addrspace(0): native native: thread-local memory
; AUTO: gep_chain: fmin float addrspace(0): native native: thread-local memory
; A select of an alloca and a global may be either: lowered.
; AUTO: mixed: fmin float addrspace(0): rewritten
; CHECK-LABEL: define ptx_kernel void @local_generic(
; CHECK-NEXT: alloca
; CHECK-NEXT: addrspacecast
; CHECK-NEXT: atomicrmw fmin ptr %p, float %v syncscope("device") monotonic
; PTX-LABEL: .entry local_generic(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry alloca_generic(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry local_as5(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry sel(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry phi(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry i2p(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry gep_chain(
; PTX-NOT: {{atom|isspacep}}
; PTX-LABEL: .entry mixed(
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

define ptx_kernel void @sel(i1 %c, float %v) {
  %a = alloca float, align 4
  %b = alloca float, align 4
  %p = select i1 %c, ptr %a, ptr %b
  %o = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret void
}

define ptx_kernel void @phi(i1 %c, float %v) {
entry:
  %a = alloca float, align 4
  %b = alloca float, align 4
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi ptr [ %a, %l ], [ %b, %r ]
  %o = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret void
}

define ptx_kernel void @i2p(float %v) {
  %a = alloca [4 x float], align 4
  %i = ptrtoint ptr %a to i64
  %j = add i64 %i, 0
  %k = ptrtoint ptr %a to i64
  %p = inttoptr i64 %k to ptr
  %o = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret void
}

define ptx_kernel void @gep_chain(float %v) {
  %a = alloca [32 x float], align 4
  %g1 = getelementptr float, ptr %a, i64 1
  %g2 = getelementptr float, ptr %g1, i64 1
  %g3 = getelementptr float, ptr %g2, i64 1
  %g4 = getelementptr float, ptr %g3, i64 1
  %g5 = getelementptr float, ptr %g4, i64 1
  %g6 = getelementptr float, ptr %g5, i64 1
  %g7 = getelementptr float, ptr %g6, i64 1
  %g8 = getelementptr float, ptr %g7, i64 1
  %g9 = getelementptr float, ptr %g8, i64 1
  %g10 = getelementptr float, ptr %g9, i64 1
  %g11 = getelementptr float, ptr %g10, i64 1
  %g12 = getelementptr float, ptr %g11, i64 1
  %g13 = getelementptr float, ptr %g12, i64 1
  %g14 = getelementptr float, ptr %g13, i64 1
  %g15 = getelementptr float, ptr %g14, i64 1
  %g16 = getelementptr float, ptr %g15, i64 1
  %g17 = getelementptr float, ptr %g16, i64 1
  %o = atomicrmw fmin ptr %g17, float %v monotonic, align 4
  ret void
}

@g = addrspace(1) global float 0.0
define ptx_kernel void @mixed(i1 %c, float %v) {
  %a = alloca float, align 4
  %gp = addrspacecast ptr addrspace(1) @g to ptr
  %p = select i1 %c, ptr %a, ptr %gp
  %o = atomicrmw fmin ptr %p, float %v monotonic, align 4
  ret void
}
