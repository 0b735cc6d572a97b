; aggregate=warp in the report: what it says where it applies, and why it
; is not applied elsewhere (the atomic then keeps its per-lane lowering).
; RUN: %fpa-opt --sm=90 --aggregate=warp %s -o %t.ll --report 2>&1 | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t.ll
; Below sm_70, and with PTX below 6.2 (sm_70's default is PTX 6.0).
; RUN: %fpa-opt --sm=60 --aggregate=warp %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=SM60
; RUN: %fpa-opt --sm=70 --aggregate=warp %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=PTX60
; RUN: %fpa-opt --sm=70 --ptx=62 --aggregate=warp %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=SM70
; The SPIR-V rules: not for that target.
; RUN: %fpa-opt --target=spirv --aggregate=warp %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=SPIRV
; The default, aggregate=auto: the min/max sites that aggregate=warp
; aggregates are aggregated (the used fmin's leaders load first while their
; hint is hot), and no word of it elsewhere.
; RUN: %fpa-opt --sm=90 %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=AUTO
; AUTO-NOT: {{warp-aggregated|not warp}}
; AUTO: monotonic_f32: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto: lanes grouped by address {{.*}}; every lane loads first (predicated) while a hint in shared memory says recent updates were no-ops: a warp whose updates are all no-ops is done, else the leader skips a no-op;
; AUTO-NOT: {{warp-aggregated|not warp}}
; AUTO: generic_unused: fmax double addrspace(0): rewritten warp-aggregated: aggregate=auto: lanes grouped by address
; AUTO-NOT: {{warp-aggregated|not warp}}
; AUTO: scope_block: fmin float addrspace(1): rewritten warp-aggregated: aggregate=auto: lanes grouped by address
; AUTO-NOT: {{warp-aggregated|not warp}}
; Off: no word of it.
; RUN: %fpa-opt --sm=90 --aggregate=none %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=OFF
; OFF-NOT: {{warp-aggregated|not warp}}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: monotonic_f32: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}; order keys reduced by redux.sync; the leader's atomic is predicated PTX, and old values are rebuilt by a scan in lane order where a group's update changed memory; each group's leader: int-trick
; SM60: monotonic_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: needs sm_70 (activemask, shfl.sync, match.any.sync); this function is for sm_60
; PTX60: monotonic_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: needs PTX 6.2 (activemask); this function has PTX 6.0
; SM70: monotonic_f32: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}; order keys reduced by shfl.sync;
; SPIRV: monotonic_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: aggregate=warp is for NVPTX only
; The leader's atomics are predicated PTX at the site's scope (system).
; IR-LABEL: define float @monotonic_f32(
; IR: @fpa_p atom.relaxed.sys.global.min.s32 $0, [$2], $3;
; IR: @fpa_p atom.relaxed.sys.global.max.u32 $0, [$2], $3;
; IR: @fpa_p atom.relaxed.sys.global.cas.b32 $0, [$2], $3, $4;
; IR: llvm.nvvm.vote.any.sync
; IR-LABEL: define void @generic_unused(
; IR: llvm.nvvm.vote.all.sync
define float @monotonic_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; CHECK: generic_unused: fmax double addrspace(0): rewritten warp-aggregated: lanes grouped by address (when a lane has the low address bits of the lane below: vote.all.sync, else match.any.sync; otherwise per lane); order keys reduced by redux.sync; per lane also when a lane's pointer is thread-local; each group's leader: int-trick
define void @generic_unused(ptr %p, double %v) {
  %old = atomicrmw fmax ptr %p, double %v monotonic, align 8
  ret void
}

; Orderings stronger than monotonic: one leader's atomic cannot carry them.
; CHECK: acquire_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: acquire: one leader's atomic cannot carry the other lanes' ordering
; CHECK: release_f32: fmax float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: release: one leader's atomic
; CHECK: acq_rel_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: acq_rel: one leader's atomic
; CHECK: seq_cst_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: seq_cst: one leader's atomic
; IR-LABEL: define float @acquire_f32(
; IR-NOT: llvm.nvvm
; IR: ret float
define float @acquire_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v acquire, align 4
  ret float %old
}
define float @release_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmax ptr addrspace(1) %p, float %v release, align 4
  ret float %old
}
define float @acq_rel_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v acq_rel, align 4
  ret float %old
}
define float @seq_cst_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v seq_cst, align 4
  ret float %old
}

; CHECK: volatile_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: volatile: every lane's access must happen
define float @volatile_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw volatile fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; CHECK: singlethread_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: singlethread scope
define float @singlethread_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("singlethread") monotonic, align 4
  ret float %old
}

; CHECK: local_f32: fmin float addrspace(5): native native: thread-local memory (addrspace(5)): left to the backend
define float @local_f32(ptr addrspace(5) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(5) %p, float %v monotonic, align 4
  ret float %old
}

; fadd: reassociation needs the assumption; half/bfloat fadd is never combined.
; CHECK: fadd_f32: fadd float addrspace(1): rewritten fadd-guarded: atom.add.f32 flushes subnormals: {{.*}}; not warp-aggregated: combining fadd/fsub reassociates the sum, which needs assume=reassociate-fadd (LLVM 22's atomicrmw has no fast-math flags)
; CHECK: fadd_f16: fadd half addrspace(1): {{native native|rewritten cas-loop-masked}}: {{.*}}; not warp-aggregated: half and bfloat fadd/fsub are not combined
define void @fadd_f32(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}
define half @fadd_f16(ptr addrspace(1) %p, half %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; With reassociate-fadd, an f32 fadd on global memory whose result is used
; is aggregated, and its leaders take the guarded add.
; RUN: %fpa-opt --sm=90 --aggregate=warp --assume=reassociate-fadd %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=REASSOC
; REASSOC: fadd_f32_used: fadd float addrspace(1): rewritten warp-aggregated: {{.*}}; each group's leader: fadd-guarded: atom.add.f32 flushes subnormals
define float @fadd_f32_used(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; minmax=keep: nothing to combine into.
; RUN: %fpa-opt --sm=90 --aggregate=warp --minmax=keep %s -o /dev/null --report 2>&1 | %FileCheck %s --check-prefix=KEEP
; KEEP: monotonic_f32: fmin float addrspace(1): kept keep: minmax=keep; not warp-aggregated: the per-lane form is 'keep'

; A used result needs a PTX scope for the leader's predicated instructions.
; CHECK: scope_agent: fmin float addrspace(1): rewritten int-trick: {{.*}}; not warp-aggregated: the result is used and this syncscope has no PTX scope for the leader's predicated instructions
; CHECK: scope_block: fmin float addrspace(1): rewritten warp-aggregated: {{.*}}predicated PTX
; IR-LABEL: define float @scope_block(
; IR: atom.relaxed.cta.global.min.s32
define float @scope_agent(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("agent") monotonic, align 4
  ret float %old
}
define float @scope_block(ptr addrspace(1) %p, float %v) {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}
