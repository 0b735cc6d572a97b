; __spirv_AtomicF{Add,Min,Max}EXT calls (SYCL/DPC++, chipStar) become the
; atomicrmw they mean. The manglings are clang-22's for these declarations
; in C++ (the DPC++ enum forms __spv::Scope::Flag and
; __spv::MemorySemanticsMask::Flag, whose second enum names __spv by a
; substitution, S1_ or S0_), the plain int forms, a bare name whose
; parameters are not mangled, and the C name. SPIR-V Scope: CrossDevice 0,
; Device 1, Workgroup 2, Subgroup 3, Invocation 4; MemorySemantics: Acquire
; 0x2, Release 0x4, AcquireRelease 0x8, SequentiallyConsistent 0x10, the
; storage-class bits ignored, Volatile 0x8000.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -S %s | %FileCheck %s
; RUN: %fpa-opt-asan %s --minmax=keep --add=keep -o /dev/null --report=%t.report 2>/dev/null
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; Lowered by default, no float atomic and no builtin is left.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --check-prefix=LOWERED
; RUN: %opt %loadplugin -passes='lower-fp-atomics<calls=opencl:fpa>' -S %s | %FileCheck %s --check-prefix=OFF

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; CHECK-LABEL: define float @forms(
; CHECK: %a = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("device") monotonic, align 4
; CHECK: %b = atomicrmw fmin ptr addrspace(3) %l, float %v syncscope("workgroup") acq_rel, align 4
; CHECK: %c = atomicrmw fmax ptr addrspace(4) %d, double %dv seq_cst, align 8
; CHECK: %h1 = atomicrmw fmax ptr addrspace(1) %gh, half %h syncscope("subgroup") acquire, align 2
; CHECK: %e = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("singlethread") release, align 4
; CHECK: %f = atomicrmw fadd ptr addrspace(1) %gd, double %dv syncscope("device") monotonic, align 8
; CHECK: %h2 = atomicrmw fadd ptr addrspace(1) %gh, half %h syncscope("device") monotonic, align 2
; CHECK: %i = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("device") seq_cst, align 4
; CHECK: %j = atomicrmw fmin ptr addrspace(1) %g, float %v syncscope("workgroup") release, align 4
; CHECK: %k = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("device") monotonic, align 4
; CHECK: %m = atomicrmw volatile fmax ptr addrspace(1) %g, float %v seq_cst, align 4
; CHECK: %n = atomicrmw volatile fmin ptr addrspace(1) %g, float %v syncscope("device") monotonic, align 4
; CHECK: ret float
define float @forms(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(4) %d, ptr addrspace(1) %gh, ptr addrspace(1) %gd, float %v, double %dv, half %h, i32 %scope, i32 %sem) {
  ; DPC++ enum forms
  %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(1) %g, i32 1, i32 512, float %v)
  %b = call spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(3) %l, i32 2, i32 264, float %v)
  %c = call spir_func double @_Z21__spirv_AtomicFMaxEXTPdN5__spv5Scope4FlagENS0_19MemorySemanticsMask4FlagEd(ptr addrspace(4) %d, i32 0, i32 528, double %dv)
  %h1 = call spir_func half @_Z21__spirv_AtomicFMaxEXTPU3AS1DF16_N5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEDF16_(ptr addrspace(1) %gh, i32 3, i32 2, half %h)
  ; int forms
  %e = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1Vfiif(ptr addrspace(1) %g, i32 4, i32 4, float %v)
  %f = call spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS1diid(ptr addrspace(1) %gd, i32 1, i32 0, double %dv)
  %h2 = call spir_func half @_Z21__spirv_AtomicFAddEXTPU3AS1DhiiDh(ptr addrspace(1) %gh, i32 1, i32 0, half %h)
  ; parameters not mangled; the C name; a char pointee (opaque pointers)
  %i = call spir_func float @_Z21__spirv_AtomicFAddEXT(ptr addrspace(1) %g, i32 1, i32 16, float %v)
  %j = call spir_func float @__spirv_AtomicFMinEXT(ptr addrspace(1) %g, i32 2, i32 4, float %v)
  %k = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1ciif(ptr addrspace(1) %g, i32 1, i32 0, float %v)
  ; scope and semantics not constant: CrossDevice, SequentiallyConsistent
  %m = call spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS1fiif(ptr addrspace(1) %g, i32 %scope, i32 %sem, float %v)
  ; Volatile semantics
  %n = call spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 32768, float %v)
  %r = fadd float %a, %b
  ret float %r
}

; Near misses stay calls: no FSub builtin; an integer atomic; pointee and
; value of different types; an enum outside __spv (the substitution S2_ is
; __spv::Scope, not __spv).
; CHECK-LABEL: define void @near_misses(
; CHECK-NEXT: call spir_func float @_Z21__spirv_AtomicFSubEXTPU3AS1fiif(
; CHECK-NEXT: call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEi(
; CHECK-NEXT: call spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS1fiid(
; CHECK-NEXT: call spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS2_19MemorySemanticsMask4FlagEf(
; CHECK-NEXT: ret void
define void @near_misses(ptr addrspace(1) %g, ptr addrspace(3) %l, float %v, double %dv, i32 %i) {
  %1 = call spir_func float @_Z21__spirv_AtomicFSubEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 0, float %v)
  %2 = call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEi(ptr addrspace(1) %g, i32 1, i32 0, i32 %i)
  %3 = call spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS1fiid(ptr addrspace(1) %g, i32 1, i32 0, double %dv)
  %4 = call spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS2_19MemorySemanticsMask4FlagEf(ptr addrspace(3) %l, i32 2, i32 0, float %v)
  ret void
}

; Recognized, left with a warning: a Scope with no LLVM syncscope
; (QueueFamily), two orderings at once, and an ordering operand that is
; not an integer.
; CHECK-LABEL: define void @left(
; CHECK-NEXT: call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 5, i32 0, float %v)
; CHECK-NEXT: call spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 6, float %v)
; CHECK-NEXT: call spir_func float @_Z21__spirv_AtomicFMinEXT(ptr addrspace(1) %g, i32 1, float 0.000000e+00, float %v)
define void @left(ptr addrspace(1) %g, float %v) {
  %1 = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 5, i32 0, float %v)
  %2 = call spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 6, float %v)
  %3 = call spir_func float @_Z21__spirv_AtomicFMinEXT(ptr addrspace(1) %g, i32 1, float 0.0, float %v)
  ret void
}

declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(3), i32, i32, float)
declare spir_func double @_Z21__spirv_AtomicFMaxEXTPdN5__spv5Scope4FlagENS0_19MemorySemanticsMask4FlagEd(ptr addrspace(4), i32, i32, double)
declare spir_func half @_Z21__spirv_AtomicFMaxEXTPU3AS1DF16_N5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEDF16_(ptr addrspace(1), i32, i32, half)
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1Vfiif(ptr addrspace(1), i32, i32, float)
declare spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS1diid(ptr addrspace(1), i32, i32, double)
declare spir_func half @_Z21__spirv_AtomicFAddEXTPU3AS1DhiiDh(ptr addrspace(1), i32, i32, half)
declare spir_func float @_Z21__spirv_AtomicFAddEXT(ptr addrspace(1), i32, i32, float)
declare spir_func float @__spirv_AtomicFMinEXT(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1ciif(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFSubEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEi(ptr addrspace(1), i32, i32, i32)
declare spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS1fiid(ptr addrspace(1), i32, i32, double)
declare spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS2_19MemorySemanticsMask4FlagEf(ptr addrspace(3), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFMinEXT(ptr addrspace(1), i32, float, float)

; Only the declarations of calls that were all replaced are gone.
; CHECK-NOT: declare {{.*}}@_Z21__spirv_AtomicFAddEXTPU3AS1fN5__spv
; CHECK-NOT: declare {{.*}}@_Z21__spirv_AtomicFMinEXTPU3AS3fN5__spv5Scope4FlagENS1_
; CHECK-NOT: declare {{.*}}@_Z21__spirv_AtomicFMaxEXTPd
; CHECK-NOT: declare {{.*}}DF16_
; CHECK-NOT: declare {{.*}}@__spirv_AtomicFMinEXT(
; CHECK-NOT: declare {{.*}}@_Z21__spirv_AtomicFMinEXTPU3AS1fiif(
; CHECK: declare spir_func float @_Z21__spirv_AtomicFSubEXTPU3AS1fiif(

; REPORT: forms: fadd float addrspace(1): kept keep: from __spirv_AtomicFAddEXT: add=keep
; REPORT-NEXT: forms: fmin float addrspace(3): kept keep: from __spirv_AtomicFMinEXT: minmax=keep
; REPORT-NEXT: forms: fmax double addrspace(4): kept keep: from __spirv_AtomicFMaxEXT: minmax=keep
; REPORT-NEXT: forms: fmax half addrspace(1): kept keep: from __spirv_AtomicFMaxEXT: minmax=keep
; REPORT-COUNT-6: forms: {{.*}} kept keep: from __spirv_AtomicF
; REPORT-NEXT: forms: fmax float addrspace(1): kept keep: from __spirv_AtomicFMaxEXT (Scope not constant: CrossDevice; MemorySemantics not constant: SequentiallyConsistent, volatile): minmax=keep
; REPORT-NEXT: forms: fmin float addrspace(1): kept keep: from __spirv_AtomicFMinEXT: minmax=keep
; REPORT-NEXT: left: fadd float addrspace(1): unsupported none: from __spirv_AtomicFAddEXT: call left as is: SPIR-V Scope 5 has no LLVM syncscope
; REPORT-NEXT: left: fmax float addrspace(1): unsupported none: from __spirv_AtomicFMaxEXT: call left as is: MemorySemantics 0x6 sets more than one ordering
; REPORT-NEXT: left: fmin float addrspace(1): unsupported none: from __spirv_AtomicFMinEXT: call left as is: an ordering or scope argument is not an integer
; REPORT-NOT: near_misses

; The only calls left are the float/double min/max sites' NaN repairs
; (all the builtins' names start with _), each to its shared function, whose
; cmpxchg has the ordering and scope the builtin's arguments gave.
; LOWERED-LABEL: define float @forms(
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: call i32 @fpa.nanrepair.fmin.f32.p3.workgroup.acq_rel(ptr addrspace(3) %l, float %v, i32 {{%.*}})
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: call i64 @fpa.nanrepair.fmax.f64.p4.seq_cst(ptr addrspace(4) %d, double %dv, i64 {{%.*}})
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: call i32 @fpa.nanrepair.fmin.f32.p1.workgroup.release(ptr addrspace(1) %g, float %v, i32 {{%.*}})
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: call i32 @fpa.nanrepair.fmax.f32.p1.seq_cst.volatile(ptr addrspace(1) %g, float %v, i32 {{%.*}})
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: call i32 @fpa.nanrepair.fmin.f32.p1.device.monotonic.volatile(ptr addrspace(1) %g, float %v, i32 {{%.*}})
; LOWERED-NOT: atomicrmw {{(volatile )?}}f
; LOWERED-NOT: call {{.*}}@{{[^f]}}
; LOWERED: ret float
; LOWERED-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.device.monotonic.volatile(
; LOWERED-NOT: call
; LOWERED: cmpxchg volatile ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") monotonic monotonic, align 4
; LOWERED-LABEL: define internal i32 @fpa.nanrepair.fmax.f32.p1.seq_cst.volatile(
; LOWERED-NOT: call
; LOWERED: cmpxchg volatile ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; LOWERED-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.workgroup.release(
; LOWERED-NOT: call
; LOWERED: cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") release monotonic, align 4
; LOWERED-LABEL: define internal i64 @fpa.nanrepair.fmax.f64.p4.seq_cst(
; LOWERED-NOT: call
; LOWERED: cmpxchg ptr addrspace(4) %p, i64 {{%.*}}, i64 {{%.*}} seq_cst seq_cst, align 8
; LOWERED-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p3.workgroup.acq_rel(
; LOWERED-NOT: call
; LOWERED: cmpxchg ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("workgroup") acq_rel acquire, align 4
; LOWERED-NOT: define

; OFF-LABEL: define float @forms(
; OFF-NOT: atomicrmw
; OFF: ret float
