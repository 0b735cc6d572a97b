; precheck=on: the integer trick loads the location first and skips the
; atomic when the integer op would leave the loaded value in place and no NaN
; repair is due; the loaded value is then the returned old value. Only for
; non-volatile monotonic atomics (a no-op realised as a load is equivalent
; only there); others keep the plain trick and the report says why.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<precheck=on>' -S %s | %FileCheck %s --check-prefixes=CHECK,ON
; RUN: %fpa-opt --precheck=on %s | %FileCheck %s --check-prefixes=CHECK,ON
; RUN: %opt %loadplugin -passes='lower-fp-atomics<precheck=off>' -S %s | %FileCheck %s --check-prefixes=CHECK,OFF
; The default below sm_70 (the default sm is below 60) is the plain trick.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --check-prefixes=CHECK,OFF
; RUN: %fpa-opt --precheck=on --report %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REPORT
; RUN: %not %fpa-opt --precheck=maybe %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @fmin_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_f32(
; CHECK:         [[VB:%.*]] = bitcast float %v to i32
; CHECK:         [[ISNAN:%.*]] = icmp ugt i32 {{%.*}}, 2139095040
; CHECK-NEXT:    [[POSOP:%.*]] = select i1 [[ISNAN]], i32 2147483647, i32 [[VB]]
; CHECK-NEXT:    [[NEGOP:%.*]] = select i1 [[ISNAN]], i32 0, i32 [[VB]]
; CHECK-NEXT:    [[NEG:%.*]] = icmp slt i32 [[VB]], 0
; ON-NEXT:       [[CUR:%.*]] = load atomic i32, ptr addrspace(1) %p syncscope("device") monotonic, align 4
; ON-NEXT:       [[LT:%.*]] = icmp slt i32 [[POSOP]], [[CUR]]
; ON-NEXT:       [[PNEW:%.*]] = select i1 [[LT]], i32 [[POSOP]], i32 [[CUR]]
; ON-NEXT:       [[GT:%.*]] = icmp ugt i32 [[NEGOP]], [[CUR]]
; ON-NEXT:       [[NNEW:%.*]] = select i1 [[GT]], i32 [[NEGOP]], i32 [[CUR]]
; ON-NEXT:       [[NEW:%.*]] = select i1 [[NEG]], i32 [[NNEW]], i32 [[PNEW]]
; ON-NEXT:       [[SAME:%.*]] = icmp eq i32 [[NEW]], [[CUR]]
; A negative NaN in memory is sticky for the integer ops: repair is due
; unless the operand is a NaN, and then the atomic must run.
; ON-NEXT:       [[STICKY:%.*]] = icmp ugt i32 [[CUR]], -8388608
; ON-NEXT:       [[NOTNAN:%.*]] = xor i1 [[ISNAN]], true
; ON-NEXT:       [[DUE:%.*]] = and i1 [[STICKY]], [[NOTNAN]]
; ON-NEXT:       [[NOTDUE:%.*]] = xor i1 [[DUE]], true
; ON-NEXT:       [[SKIP:%.*]] = and i1 [[SAME]], [[NOTDUE]]
; ON-NEXT:       br i1 [[SKIP]], label %atomicrmw.end, label %atomicrmw.update
; ON:          atomicrmw.update:
; ON-NEXT:       br i1 [[NEG]], label %atomicrmw.neg, label %atomicrmw.pos
; OFF-NEXT:      br i1 [[NEG]], label %atomicrmw.neg, label %atomicrmw.pos
; CHECK:       atomicrmw.pos:
; CHECK-NEXT:    atomicrmw min ptr addrspace(1) %p, i32 [[POSOP]] syncscope("device") monotonic
; CHECK:       atomicrmw.neg:
; CHECK-NEXT:    atomicrmw umax ptr addrspace(1) %p, i32 [[NEGOP]] syncscope("device") monotonic
; CHECK:       atomicrmw.join:
; CHECK-NEXT:    [[OLD1:%.*]] = phi i32
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:    [[REP:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.device.monotonic(ptr addrspace(1) %p, float %v, i32 [[OLD1]])
; CHECK-NEXT:    br label %atomicrmw.end
; CHECK:       atomicrmw.end:
; ON-NEXT:       [[OLD:%.*]] = phi i32 [ [[OLD1]], %atomicrmw.join ], [ [[REP]], %atomicrmw.nanrepair ], [ [[CUR]], %0 ]
; OFF-NEXT:      [[OLD:%.*]] = phi i32 [ [[OLD1]], %atomicrmw.join ], [ [[REP]], %atomicrmw.nanrepair ]
; CHECK-NEXT:    bitcast i32 [[OLD]] to float
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %old
}

; fmax double, result unused: max / umin, no phi.
define void @fmax_f64(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define void @fmax_f64(
; ON:            [[CUR:%.*]] = load atomic i64, ptr addrspace(1) %p monotonic, align 8
; ON:            icmp sgt i64 {{%.*}}, [[CUR]]
; ON:            icmp ult i64 {{%.*}}, [[CUR]]
; A positive NaN in memory is the sticky one for fmax.
; ON:            icmp sgt i64 [[CUR]], 9218868437227405312
; ON:            br i1 {{%.*}}, label %atomicrmw.end, label %atomicrmw.update
; CHECK:         atomicrmw max ptr addrspace(1) %p, i64
; CHECK:         atomicrmw umin ptr addrspace(1) %p, i64
; CHECK:         call i64 @fpa.nanrepair.fmax.f64.p1.monotonic(ptr addrspace(1) %p, double %v, i64 {{%.*}})
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret void
}

; seq_cst and volatile keep the read-modify-write.
define float @fmin_seq_cst(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_seq_cst(
; CHECK-NOT:     load atomic
; CHECK:         atomicrmw min
; CHECK:         call i32 @fpa.nanrepair.fmin.f32.p1.seq_cst(ptr addrspace(1) %p, float %v, i32 {{%.*}})
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v seq_cst, align 4
  ret float %old
}

define float @fmin_volatile(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_volatile(
; CHECK-NOT:     load atomic
; CHECK:         atomicrmw volatile min
; CHECK:         call i32 @fpa.nanrepair.fmin.f32.p1.monotonic.volatile(ptr addrspace(1) %p, float %v, i32 {{%.*}})
  %old = atomicrmw volatile fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; The NaN repair's loops, one function per kind of site, after the sites'
; functions. Like the precheck, only a non-volatile monotonic loop leaves
; without cmpxchg where the update would change nothing; the others always
; write, with the site's ordering, scope and volatile.
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.device.monotonic(
; CHECK-SAME:    ptr addrspace(1) %p, float %v, i32 %old)
; CHECK:       atomicrmw.start:
; CHECK-NEXT:    [[LOADED:%.*]] = phi i32 [ %old, %entry ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK:         [[NEW:%.*]] = select i1 {{%.*}}, i32 [[LOADED]], i32 {{%.*}}
; CHECK-NEXT:    [[SAME:%.*]] = icmp eq i32 [[NEW]], [[LOADED]]
; CHECK-NEXT:    br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; CHECK:       atomicrmw.cas:
; CHECK-NEXT:    [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEW]] syncscope("device") monotonic monotonic, align 4
; CHECK-NEXT:    [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK:       atomicrmw.end:
; CHECK-NEXT:    [[RET:%.*]] = phi i32 [ [[LOADED]], %atomicrmw.start ], [ [[LOADED]], %atomicrmw.cas ]
; CHECK-NEXT:    ret i32 [[RET]]
; CHECK-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p1.monotonic(
; CHECK:         icmp eq i64
; CHECK:         cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.seq_cst(
; CHECK-NOT:     icmp eq
; CHECK:         cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.monotonic.volatile(
; CHECK-NOT:     icmp eq
; CHECK:         cmpxchg volatile ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4

; REPORT: fmin_f32: fmin float addrspace(1): rewritten int-trick: {{.*}}; precheck: skipped when a load shows no change
; REPORT: fmax_f64: fmax double addrspace(1): rewritten int-trick: {{.*}}; precheck: skipped when a load shows no change
; REPORT: fmin_seq_cst: {{.*}}; no precheck: only a non-volatile monotonic no-op may be a load
; REPORT: fmin_volatile: {{.*}}; no precheck: only a non-volatile monotonic no-op may be a load
; BAD: invalid value 'maybe' for option 'precheck' (expected on, off or adaptive)
