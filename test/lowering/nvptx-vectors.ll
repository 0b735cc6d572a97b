; UNSUPPORTED: llvm15
; Vector atomics on NVPTX: one cmpxchg loop over the whole width (never split
; per element); widths beyond the largest cmpxchg (64 bits; 128 bits on sm_90
; with PTX 8.4) are left as they were, with a warning.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s 2>%t.err | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,NO128
; RUN: %FileCheck %s --input-file=%t.err --check-prefix=WARN64
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=83>' -S %s 2>/dev/null | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,NO128
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;ptx=84>' -S %s 2>/dev/null | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,NO128
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=84>' -S %s 2>%t.err128 | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,CAS128
; RUN: %FileCheck %s --input-file=%t.err128 --check-prefix=WARN128

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; WARN64: warning: {{.*}}lower-fp-atomics: left as is: fadd <4 x float>: unsupported none: {{.*}}a 128-bit cmpxchg is not available (largest is 64 bits)
; WARN64: warning: {{.*}}lower-fp-atomics: left as is: fmin <2 x double>: unsupported none: {{.*}}a 128-bit cmpxchg is not available (largest is 64 bits)
; WARN64: warning: {{.*}}lower-fp-atomics: left as is: fadd <4 x double>: unsupported none: {{.*}}a 256-bit cmpxchg is not available (largest is 64 bits)
; WARN64: warning: {{.*}}lower-fp-atomics: left as is: fmax <2 x half>: unsupported none: under-aligned atomic (align 2 < size 4) has no lock-free form
; WARN128-NOT: <4 x float>
; WARN128-NOT: <2 x double>
; WARN128: warning: {{.*}}lower-fp-atomics: left as is: fadd <4 x double>: unsupported none: {{.*}}a 256-bit cmpxchg is not available (largest is 128 bits)
; WARN128-NEXT: warning: {{.*}}lower-fp-atomics: left as is: fmax <2 x half>: unsupported none: under-aligned atomic (align 2 < size 4) has no lock-free form
; WARN128-NOT: warning

; fadd <2 x half>, global: one 32-bit cmpxchg loop adding the whole vector, not two 16-bit atomics.
define <2 x half> @fadd_v2f16_global(ptr addrspace(1) %p, <2 x half> %v) {
; CHECK-LABEL: define <2 x half> @fadd_v2f16_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], <2 x half> [[V:%.*]])
; CHECK-NOT:   = atomicrmw
; CHECK:       [[INIT:%.*]] = load atomic i32, ptr addrspace(1) [[P]] monotonic, align 4
; CHECK-NEXT:  [[VB:%.*]] = bitcast <2 x half> [[V]] to <2 x i16>
; CHECK-NEXT:  br label %atomicrmw.start
; CHECK:       atomicrmw.start:
; CHECK-NEXT:  [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK-NEXT:  [[CUR:%.*]] = bitcast i32 [[LOADED]] to <2 x i16>
; CHECK-NEXT:  [[A:%.*]] = bitcast <2 x i16> [[CUR]] to <2 x half>
; CHECK-NEXT:  [[B:%.*]] = bitcast <2 x i16> [[VB]] to <2 x half>
; CHECK-NEXT:  [[NEW:%.*]] = fadd <2 x half> [[A]], [[B]]
; CHECK-NEXT:  [[NEWI:%.*]] = bitcast <2 x half> [[NEW]] to <2 x i16>
; CHECK-NEXT:  [[NEWW:%.*]] = bitcast <2 x i16> [[NEWI]] to i32
; CHECK-NEXT:  [[SAME:%.*]] = icmp eq i32 [[NEWW]], [[LOADED]]
; CHECK-NEXT:  br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; CHECK:       atomicrmw.cas:
; CHECK-NEXT:  [[PAIR:%.*]] = cmpxchg ptr addrspace(1) [[P]], i32 [[LOADED]], i32 [[NEWW]] monotonic monotonic, align 4
; CHECK-NEXT:  [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK-NEXT:  [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT:  br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; CHECK:       atomicrmw.end:
; CHECK-NEXT:  %old = bitcast i32 [[LOADED]] to <2 x half>
; CHECK-NEXT:  ret <2 x half> %old
  %old = atomicrmw fadd ptr addrspace(1) %p, <2 x half> %v monotonic, align 4
  ret <2 x half> %old
}

; fmin <2 x bfloat>, shared, seq_cst, block scope, volatile: per-lane minnum on <2 x i16> keys, one 32-bit cmpxchg, no fences.
define <2 x bfloat> @fmin_v2bf16_shared(ptr addrspace(3) %p, <2 x bfloat> %v) {
; CHECK-LABEL: define <2 x bfloat> @fmin_v2bf16_shared(
; CHECK-NOT:   = atomicrmw
; CHECK:       load atomic volatile i32, ptr addrspace(3) %p syncscope("block") monotonic, align 4
; CHECK:       atomicrmw.start:
; CHECK:       ashr <2 x i16> {{%.*}}, {{splat \(i16 15\)|<i16 15, i16 15>}}
; CHECK:       icmp ult <2 x i16>
; CHECK:       icmp ugt <2 x i16> {{%.*}}, {{splat \(i16 32640\)|<i16 32640, i16 32640>}}
; CHECK:       cmpxchg volatile ptr addrspace(3) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("block") seq_cst seq_cst, align 4
; CHECK:       %old = bitcast i32 {{%.*}} to <2 x bfloat>
  %old = atomicrmw volatile fmin ptr addrspace(3) %p, <2 x bfloat> %v syncscope("block") seq_cst, align 4
  ret <2 x bfloat> %old
}

; fmax <2 x float>, generic, acq_rel, device: a 64-bit loop with <2 x i32> keys.
define <2 x float> @fmax_v2f32_generic(ptr %p, <2 x float> %v) {
; CHECK-LABEL: define <2 x float> @fmax_v2f32_generic(
; CHECK-NOT:   = atomicrmw
; CHECK:       load atomic i64, ptr %p syncscope("device") monotonic, align 8
; CHECK:       atomicrmw.start:
; CHECK:       bitcast i64 {{%.*}} to <2 x i32>
; CHECK:       icmp ugt <2 x i32>
; CHECK:       icmp ugt <2 x i32> {{%.*}}, {{splat \(i32 2139095040\)|<i32 2139095040, i32 2139095040>}}
; CHECK:       cmpxchg ptr %p, i64 {{%.*}}, i64 {{%.*}} syncscope("device") acq_rel acquire, align 8
; CHECK:       %old = bitcast i64 {{%.*}} to <2 x float>
  %old = atomicrmw fmax ptr %p, <2 x float> %v syncscope("device") acq_rel, align 8
  ret <2 x float> %old
}

; fsub <4 x half>, global, release, result unused: a 64-bit loop.
define void @fsub_v4f16_global(ptr addrspace(1) %p, <4 x half> %v) {
; CHECK-LABEL: define void @fsub_v4f16_global(
; CHECK-NOT:   = atomicrmw
; CHECK:       load atomic i64, ptr addrspace(1) %p monotonic, align 8
; CHECK:       fsub <4 x half>
; CHECK:       cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} release monotonic, align 8
; CHECK:       atomicrmw.end:
; CHECK-NEXT:  ret void
  %old = atomicrmw fsub ptr addrspace(1) %p, <4 x half> %v release, align 8
  ret void
}

; fadd <4 x float>, global: 128 bits, a loop only on sm_90 with PTX 8.4, else left as is.
define <4 x float> @fadd_v4f32_global(ptr addrspace(1) %p, <4 x float> %v) {
; CHECK-LABEL: define <4 x float> @fadd_v4f32_global(
; NO128-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, <4 x float> %v monotonic, align 16
; CAS128:      load atomic i128, ptr addrspace(1) %p monotonic, align 16
; CAS128:      fadd <4 x float>
; CAS128:      cmpxchg ptr addrspace(1) %p, i128 {{%.*}}, i128 {{%.*}} monotonic monotonic, align 16
; CAS128:      %old = bitcast i128 {{%.*}} to <4 x float>
; CHECK-NEXT:  ret <4 x float> %old
  %old = atomicrmw fadd ptr addrspace(1) %p, <4 x float> %v monotonic, align 16
  ret <4 x float> %old
}

; fmin <2 x double>, shared, acquire: 128 bits.
define <2 x double> @fmin_v2f64_shared(ptr addrspace(3) %p, <2 x double> %v) {
; CHECK-LABEL: define <2 x double> @fmin_v2f64_shared(
; NO128-NEXT:  %old = atomicrmw fmin ptr addrspace(3) %p, <2 x double> %v acquire, align 16
; CAS128:      load atomic i128, ptr addrspace(3) %p monotonic, align 16
; CAS128:      icmp ult <2 x i64>
; CAS128:      cmpxchg ptr addrspace(3) %p, i128 {{%.*}}, i128 {{%.*}} acquire acquire, align 16
; CAS128:      %old = bitcast i128 {{%.*}} to <2 x double>
; CHECK-NEXT:  ret <2 x double> %old
  %old = atomicrmw fmin ptr addrspace(3) %p, <2 x double> %v acquire, align 16
  ret <2 x double> %old
}

; fadd <4 x double>: 256 bits, never lowered.
define <4 x double> @fadd_v4f64_global(ptr addrspace(1) %p, <4 x double> %v) {
; CHECK-LABEL: define <4 x double> @fadd_v4f64_global(
; CHECK-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, <4 x double> %v monotonic, align 32
; CHECK-NEXT:  ret <4 x double> %old
  %old = atomicrmw fadd ptr addrspace(1) %p, <4 x double> %v monotonic, align 32
  ret <4 x double> %old
}

; fmax <2 x half> under-aligned (align 2 < 4 bytes): no lock-free form, left as is.
define <2 x half> @fmax_v2f16_underaligned(ptr addrspace(1) %p, <2 x half> %v) {
; CHECK-LABEL: define <2 x half> @fmax_v2f16_underaligned(
; CHECK-NEXT:  %old = atomicrmw fmax ptr addrspace(1) %p, <2 x half> %v monotonic, align 2
; CHECK-NEXT:  ret <2 x half> %old
  %old = atomicrmw fmax ptr addrspace(1) %p, <2 x half> %v monotonic, align 2
  ret <2 x half> %old
}
