; Below sm_70 LLVM 22 prints a cmpxchg with no ordering of its own
; (acquire, release and acq_rel bare, seq_cst after a membar alone), so a
; cmpxchg loop of a stronger ordering than monotonic gets the ordering's
; fences around the whole loop: a release one before its first load, an
; acquire one after it. From sm_70 the cmpxchg carries the ordering and
; the loop needs none; monotonic needs none anywhere.
; RUN: %fpa-opt %s -o %t.ll --report=%t.report
; RUN: %FileCheck %s --input-file=%t.ll
; RUN: %FileCheck %s --check-prefix=REPORT --input-file=%t.report
; RUN: %llc -mcpu=sm_60 %t.ll -o - | %FileCheck %s --check-prefix=PTX
; REQUIRES: nvptx, llvm22
target triple = "nvptx64-nvidia-cuda"

; REPORT: rel60: fminimum float addrspace(1): rewritten cas-loop: {{.*}}; fenced, as LLVM 22 NVPTX prints a cmpxchg without its ordering below sm_70
; REPORT: ar60: fadd half addrspace(1): rewritten cas-loop-masked: {{.*}}; fenced, as LLVM 22 NVPTX prints a cmpxchg without its ordering below sm_70
; REPORT: sc60: fminimum double addrspace(1): rewritten cas-loop: {{.*}}; fenced
; REPORT: mono60: fminimum float addrspace(1): rewritten cas-loop:
; REPORT-NOT: fenced
; REPORT: rel70: fminimum float addrspace(1): rewritten cas-loop:
; REPORT-NOT: fenced
; REPORT: acq60: fmin float addrspace(1): rewritten int-trick: {{.*}}; a trailing fence after the NaN repair too, as LLVM 22 NVPTX prints a cmpxchg without its ordering below sm_70

; CHECK-LABEL: define float @rel60(
; CHECK-NEXT: fence syncscope("device") release
; CHECK-NEXT: %init = load atomic i32
; CHECK: cmpxchg {{.*}} syncscope("device") release monotonic
; CHECK-NOT: fence
; CHECK: ret float
define float @rel60(ptr addrspace(1) %p, float %v) #0 {
  %r = atomicrmw fminimum ptr addrspace(1) %p, float %v syncscope("device") release, align 4
  ret float %r
}
; CHECK-LABEL: define half @ar60(
; CHECK-NEXT: fence syncscope("device") release
; CHECK: cmpxchg {{.*}} syncscope("device") acq_rel acquire
; CHECK: atomicrmw.end:
; CHECK-NEXT: fence syncscope("device") acquire
define half @ar60(ptr addrspace(1) %p, half %v) #0 {
  %r = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") acq_rel, align 2
  ret half %r
}
; CHECK-LABEL: define double @sc60(
; CHECK-NEXT: fence syncscope("device") seq_cst
; CHECK: cmpxchg {{.*}} syncscope("device") seq_cst seq_cst
; CHECK: atomicrmw.end:
; CHECK-NEXT: fence syncscope("device") acquire
define double @sc60(ptr addrspace(1) %p, double %v) #0 {
  %r = atomicrmw fminimum ptr addrspace(1) %p, double %v syncscope("device") seq_cst, align 8
  ret double %r
}
; CHECK-LABEL: define float @mono60(
; CHECK-NOT: fence
; CHECK: ret float
define float @mono60(ptr addrspace(1) %p, float %v) #0 {
  %r = atomicrmw fminimum ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %r
}
; CHECK-LABEL: define float @rel70(
; CHECK-NOT: fence
; CHECK: ret float
define float @rel70(ptr addrspace(1) %p, float %v) #1 {
  %r = atomicrmw fminimum ptr addrspace(1) %p, float %v syncscope("device") release, align 4
  ret float %r
}
; The integer trick's fences are around its integer atomics; its NaN
; repair's cmpxchg comes after the trailing one, so it gets one more.
; CHECK-LABEL: define float @acq60(
; CHECK: atomicrmw.join:
; CHECK: fence syncscope("device") acquire
; CHECK: atomicrmw.nanrepair:
; CHECK-NEXT: call {{.*}}@fpa.nanrepair.fmin.f32.p1.device.acquire(
; CHECK-NEXT: fence syncscope("device") acquire
define float @acq60(ptr addrspace(1) %p, float %v) #0 {
  %r = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") acquire, align 4
  ret float %r
}
attributes #0 = { "target-cpu"="sm_60" "target-features"="+ptx60" }
attributes #1 = { "target-cpu"="sm_70" "target-features"="+ptx63" }

; PTX-LABEL: rel60(
; PTX: membar.gl;
; PTX: atom.gpu.global.cas.b32
; PTX-LABEL: ar60(
; PTX: membar.gl;
; PTX: atom.gpu.global.cas.b32
; PTX: membar.gl;
