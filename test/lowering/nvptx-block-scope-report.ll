; Block and cluster scope on NVPTX: LLVM 22's backend prints an atomicrmw
; with no scope, which PTX reads as .gpu. That is wider than asked, so the
; lowering stays exact, and the report says so; a cmpxchg keeps its scope.
; UNSUPPORTED: llvm15
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: fmin_block: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: the backend emits its integer atomics at .gpu scope, wider than block{{$}}
define float @fmin_block(ptr addrspace(1) %p, float %v) #0 {
  %old = atomicrmw volatile fmin ptr addrspace(1) %p, float %v syncscope("block") acq_rel, align 4
  ret float %old
}

; CHECK: fadd_cluster: fadd double addrspace(1): native native: {{.*}}; note: the backend emits the add at .gpu scope, wider than cluster{{$}}
define double @fadd_cluster(ptr addrspace(1) %p, double %v) #0 {
  %old = atomicrmw volatile fadd ptr addrspace(1) %p, double %v syncscope("cluster") monotonic, align 8
  ret double %old
}

; A loop's cmpxchg keeps the block scope: no note.
; CHECK: fminimum_block: fminimum float addrspace(1): rewritten cas-loop: a NaN of the other sign in memory defeats the integer trick for fminimum/fmaximum{{$}}
define float @fminimum_block(ptr addrspace(1) %p, float %v) #0 {
  %old = atomicrmw volatile fminimum ptr addrspace(1) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; Cluster scope on a function for sm_70: PTX has no cluster scope there (llc
; stops on the original too), so the atomic is left, with the reason.
; CHECK: cluster_sm70: fmin float addrspace(1): unsupported none: syncscope("cluster") needs sm_90 and PTX 7.8 (here sm_70, PTX 6.3)
define float @cluster_sm70(ptr addrspace(1) %p, float %v) "target-cpu"="sm_70" "target-features"="+ptx63" {
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("cluster") seq_cst, align 4
  ret float %old
}
attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx78" }
