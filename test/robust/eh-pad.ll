; An atomic in a block that starts with a landingpad: the hint of
; precheck=adaptive and of aggregate=auto's per-lane path is loaded at the
; top of the atomic's region, which here is that block; the load goes after
; the landingpad (which must stay first), not above it, where the function
; failed to verify and lost its body.
; RUN: %fpa-opt-asan %s --sm=90 --aggregate=none -o %t.none.ll
; RUN: %opt -passes=verify -disable-output %t.none.ll
; RUN: %FileCheck %s < %t.none.ll
; RUN: %fpa-opt-asan %s --sm=90 -o %t.auto.ll --report=%t.report
; RUN: %opt -passes=verify -disable-output %t.auto.ll
; RUN: %FileCheck %s < %t.auto.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; RUN: %fpa-opt-asan %s --sm=90 --aggregate=warp -o - | %opt -passes=verify -disable-output

target triple = "nvptx64-nvidia-cuda"

; REPORT: f: fmin float addrspace(1): rewritten
; CHECK-LABEL: define void @f(
; CHECK:      lp:
; CHECK-NEXT: %e = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: %hint.word{{[0-9]*}} = load atomic i32, ptr addrspace(3) @fpa.warp.hint
; CHECK-NOT:  unreachable
; CHECK:      resume
define void @f(ptr addrspace(1) %out, float %v) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %e = landingpad { ptr, i32 } cleanup
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %out, i32 %tid
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  resume { ptr, i32 } %e
}

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
