; OpenCL C builtin calls written as IR: manglings that clang-22 does not
; emit for spirv64 but other modes do (no address-space qualifier, as for
; targets whose generic address space is 0; a named OpenCL qualifier; no
; volatile), near misses that must stay calls, and recognized calls that
; cannot become an atomicrmw (reported, left as they are).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -S %s | %FileCheck %s
; RUN: %fpa-opt-asan %s --minmax=keep --add=keep -o /dev/null --report=%t.report 2>%t.warnings
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; RUN: %FileCheck %s --check-prefix=WARN < %t.warnings
; In opt: a remark per rewritten call, a warning per call left.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -disable-output %s -pass-remarks=lower-fp-atomics 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}: fmin float: rewritten int-trick: from atomic_fetch_min (default memory_order_seq_cst, memory_scope_device): integer min/max
; REMARK: warning: {{.*}}: lower-fp-atomics: left as is: fmax float: unsupported none: from atomic_fetch_max_explicit: call left as is: memory_order 7 is not a memory order
; calls=none and calls=spirv,fpa leave every OpenCL call.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<calls=none>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %opt %loadplugin -passes='lower-fp-atomics<calls=spirv:fpa>' -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %fpa-opt %s --calls=spirv,fpa -o - | %FileCheck %s --check-prefix=OFF
; OpenCL spellings mean SPIR-V scopes: on NVPTX and on a host triple they
; stay calls.
; RUN: sed -e 's/^target triple = .*/target triple = "nvptx64-nvidia-cuda"/' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --check-prefix=OFF
; RUN: sed -e 's/^target triple = .*/target triple = "x86_64-unknown-linux-gnu"/' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --check-prefix=OFF
; RUN: %not %fpa-opt %s --calls=bogus -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
; BAD: invalid value 'bogus' for option 'calls' (expected all, none, or a comma list of opencl, spirv, fpa)

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; CHECK-LABEL: define float @variants(
; No address-space qualifier: the pointer's own address space counts.
; CHECK: %a = atomicrmw fmin ptr addrspace(4) %g, float %v syncscope("device") seq_cst, align 4
; A named OpenCL address-space qualifier.
; CHECK: %b = atomicrmw fmax ptr addrspace(4) %g, float %v syncscope("device") seq_cst, align 4
; No volatile in the mangling; the address-space cast is looked through.
; CHECK: %c = atomicrmw fadd ptr addrspace(1) %p, float %v syncscope("workgroup") release, align 4
; Local, double.
; CHECK: %d = atomicrmw fsub ptr addrspace(3) %l, double %dv syncscope("subgroup") acquire, align 8
; A generic pointer from a private one is not looked through.
; CHECK: %e = atomicrmw fmin ptr addrspace(4) %pg, float %v monotonic, align 4
; CHECK: ret float
define float @variants(ptr addrspace(4) %g, ptr addrspace(1) %p, ptr addrspace(3) %l, ptr %priv, float %v, double %dv) {
  %a = call spir_func float @_Z16atomic_fetch_minPVU7_Atomicff(ptr addrspace(4) %g, float %v)
  %b = call spir_func float @_Z16atomic_fetch_maxPU9CLgenericVU7_Atomicff(ptr addrspace(4) %g, float %v)
  %pc = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %c = call spir_func float @_Z25atomic_fetch_add_explicitPU3AS4U7_Atomicff12memory_order12memory_scope(ptr addrspace(4) %pc, float %v, i32 3, i32 1)
  %d = call spir_func double @_Z25atomic_fetch_sub_explicitPU3AS3VU7_Atomicdd12memory_order12memory_scope(ptr addrspace(3) %l, double %dv, i32 2, i32 4)
  %pg = addrspacecast ptr %priv to ptr addrspace(4)
  %e = call spir_func float @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicff12memory_order12memory_scope(ptr addrspace(4) %pg, float %v, i32 0, i32 3)
  %s1 = fadd float %a, %b
  %s2 = fadd float %s1, %c
  %s3 = fadd float %s2, %e
  ret float %s3
}

; Near misses: an integer atomic, a float pointer that is not _Atomic, another
; name, a scope operand that is a substitution for memory_order, an extra
; operand. All stay calls and are not reported.
; CHECK-LABEL: define void @near_misses(
; CHECK-NEXT: call spir_func i32 @_Z16atomic_fetch_minPU3AS1VU7_Atomicii(
; CHECK-NEXT: call spir_func float @_Z16atomic_fetch_minPU3AS1Vff(
; CHECK-NEXT: call spir_func float @_Z17atomic_fetch_minxPU3AS1VU7_Atomicff(
; CHECK-NEXT: call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_orderS2_(
; CHECK-NEXT: call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order12memory_scopei(
; CHECK-NEXT: ret void
define void @near_misses(ptr addrspace(1) %p, float %v, i32 %i) {
  %1 = call spir_func i32 @_Z16atomic_fetch_minPU3AS1VU7_Atomicii(ptr addrspace(1) %p, i32 %i)
  %2 = call spir_func float @_Z16atomic_fetch_minPU3AS1Vff(ptr addrspace(1) %p, float %v)
  %3 = call spir_func float @_Z17atomic_fetch_minxPU3AS1VU7_Atomicff(ptr addrspace(1) %p, float %v)
  %4 = call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_orderS2_(ptr addrspace(1) %p, float %v, i32 0, i32 0)
  %5 = call spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order12memory_scopei(ptr addrspace(1) %p, float %v, i32 0, i32 2, i32 0)
  ret void
}

; Recognized, but no atomicrmw fits: the call stays, with a warning.
; CHECK-LABEL: define float @left(
; CHECK-NEXT: call spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) %p, float %v, i32 7)
; CHECK-NEXT: call spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1) %p, float %v, i32 0, i32 9)
; CHECK-NEXT: call spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_AtomicDhDh(ptr addrspace(1) %p, float %v)
define float @left(ptr addrspace(1) %p, float %v) {
  %a = call spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1) %p, float %v, i32 7)
  %b = call spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1) %p, float %v, i32 0, i32 9)
  %c = call spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_AtomicDhDh(ptr addrspace(1) %p, float %v)
  %s = fadd float %a, %b
  %t = fadd float %s, %c
  ret float %t
}

; An invoke is not a plain call: reported, left.
; CHECK-LABEL: define float @invoked(
; CHECK-NEXT: %a = invoke spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_Atomicff(
define float @invoked(ptr addrspace(1) %p, float %v) personality ptr @personality {
  %a = invoke spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_Atomicff(ptr addrspace(1) %p, float %v)
          to label %ok unwind label %lp
ok:
  ret float %a
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
declare i32 @personality(...)
declare spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_Atomicff(ptr addrspace(1), float)

; The declarations whose calls were all replaced are gone; the others stay.
; CHECK-NOT: declare {{.*}}_Z16atomic_fetch_minPVU7_Atomicff
; CHECK-NOT: declare {{.*}}_Z16atomic_fetch_maxPU9CLgenericVU7_Atomicff
; CHECK-NOT: declare {{.*}}atomic_fetch_add_explicit
; CHECK-NOT: declare {{.*}}atomic_fetch_sub_explicit
; CHECK-DAG: declare spir_func i32 @_Z16atomic_fetch_minPU3AS1VU7_Atomicii(
; CHECK-DAG: declare spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order(
; CHECK-DAG: declare spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(
; CHECK-DAG: declare spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_AtomicDhDh(
; CHECK-DAG: declare spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_orderS2_(
declare spir_func float @_Z16atomic_fetch_minPVU7_Atomicff(ptr addrspace(4), float)
declare spir_func float @_Z16atomic_fetch_maxPU9CLgenericVU7_Atomicff(ptr addrspace(4), float)
declare spir_func float @_Z25atomic_fetch_add_explicitPU3AS4U7_Atomicff12memory_order12memory_scope(ptr addrspace(4), float, i32, i32)
declare spir_func double @_Z25atomic_fetch_sub_explicitPU3AS3VU7_Atomicdd12memory_order12memory_scope(ptr addrspace(3), double, i32, i32)
declare spir_func float @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicff12memory_order12memory_scope(ptr addrspace(4), float, i32, i32)
declare spir_func i32 @_Z16atomic_fetch_minPU3AS1VU7_Atomicii(ptr addrspace(1), i32)
declare spir_func float @_Z16atomic_fetch_minPU3AS1Vff(ptr addrspace(1), float)
declare spir_func float @_Z17atomic_fetch_minxPU3AS1VU7_Atomicff(ptr addrspace(1), float)
declare spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_orderS2_(ptr addrspace(1), float, i32, i32)
declare spir_func float @_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicff12memory_order12memory_scopei(ptr addrspace(1), float, i32, i32, i32)
declare spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order(ptr addrspace(1), float, i32)
declare spir_func float @_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope(ptr addrspace(1), float, i32, i32)
declare spir_func float @_Z16atomic_fetch_maxPU3AS1VU7_AtomicDhDh(ptr addrspace(1), float)

; One record per rewritten call, naming its spelling, and one per call left.
; REPORT: variants: fmin float addrspace(4): kept keep: from atomic_fetch_min (default memory_order_seq_cst, memory_scope_device): minmax=keep
; REPORT-NEXT: variants: fmax float addrspace(4): kept keep: from atomic_fetch_max (default memory_order_seq_cst, memory_scope_device): minmax=keep
; REPORT-NEXT: variants: fadd float addrspace(1): kept keep: from atomic_fetch_add_explicit (on the addrspace(1) pointer behind the generic cast): add=keep
; REPORT-NEXT: variants: fsub double addrspace(3): kept keep: from atomic_fetch_sub_explicit: add=keep
; REPORT-NEXT: variants: fmin float addrspace(4): kept keep: from atomic_fetch_min_explicit: minmax=keep
; REPORT-NEXT: left: fmax float addrspace(1): unsupported none: from atomic_fetch_max_explicit: call left as is: memory_order 7 is not a memory order
; REPORT-NEXT: left: fmax float addrspace(1): unsupported none: from atomic_fetch_max_explicit: call left as is: memory_scope 9 is not a memory scope
; REPORT-NEXT: left: fmax half addrspace(1): unsupported none: from atomic_fetch_max: call left as is: its value or result is not of the mangled floating-point type
; REPORT-NEXT: invoked: fmax float addrspace(1): unsupported none: from atomic_fetch_max: call left as is: it is not a plain call
; REPORT-NOT: near_misses
; WARN: opencl-ir.ll: warning: in 'left': fmax float left as is: from atomic_fetch_max_explicit: call left as is: memory_order 7 is not a memory order
; WARN: opencl-ir.ll: warning: in 'left': fmax float left as is: from atomic_fetch_max_explicit: call left as is: memory_scope 9 is not a memory scope
; WARN: opencl-ir.ll: warning: in 'left': fmax half left as is: from atomic_fetch_max: call left as is: its value or result

; OFF-NOT: atomicrmw f
; OFF: call spir_func float @_Z16atomic_fetch_minPVU7_Atomicff(
; OFF: call spir_func float @_Z16atomic_fetch_maxPU9CLgenericVU7_Atomicff(
; OFF: declare spir_func float @_Z16atomic_fetch_minPVU7_Atomicff(
