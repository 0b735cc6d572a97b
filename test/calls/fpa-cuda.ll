; fpatomics' own CUDA spelling, __fpa_atomic_fetch_<op>_<type>_<scope>(T *p,
; T v) (extern "C", from <fpatomics/cuda.h>): `atomicrmw <op> ptr %p, T %v
; syncscope(S) monotonic` with S "block", "device" or "" (system) on NVPTX,
; and "workgroup", "device", "" on SPIR-V; every op, type and scope. The
; header's definitions (a correct cmpxchg loop, so that the code works
; without the plugin) are erased once unused when their linkage is
; discardable; a weak one keeps its body, and its calls are still replaced.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -S %s | %FileCheck %s
; RUN: sed -e 's/^target triple = .*/target triple = "spirv64-unknown-unknown"/' %s \
; RUN:   | %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -S | %FileCheck %s --check-prefix=SPIRV
; Lowered: the guarded add for fadd float (a generic pointer may point to
; global memory, where atom.add.f32 flushes subnormals), the int trick for
; fmin float, with no fence (monotonic); at system scope their atomics are
; inline PTX atom.sys (precheck=off: the integer trick alone, not the
; default's run-time choice between it and its precheck form).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;precheck=off>' -S %s | %FileCheck %s --check-prefix=LOWERED
; RUN: %fpa-opt-asan %s --sm=90 -o /dev/null --report=%t.report
; RUN: %FileCheck %s --check-prefix=REPORT < %t.report
; A host module is left alone; calls=opencl,spirv leaves these calls.
; RUN: sed -e 's/^target triple = .*/target triple = "x86_64-unknown-linux-gnu"/' %s \
; RUN:   | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --check-prefix=OFF
; RUN: %opt %loadplugin -passes='lower-fp-atomics<calls=opencl:spirv>' -S %s | %FileCheck %s --check-prefix=OFF

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @all(
; CHECK-NEXT: %r0 = atomicrmw fadd ptr %pf, float %vf syncscope("block") monotonic, align 4
; CHECK-NEXT: %r1 = atomicrmw fadd ptr %pf, float %vf syncscope("device") monotonic, align 4
; CHECK-NEXT: %r2 = atomicrmw fadd ptr %pf, float %vf monotonic, align 4
; CHECK-NEXT: %r3 = atomicrmw fadd ptr %pd, double %vd syncscope("block") monotonic, align 8
; CHECK-NEXT: %r4 = atomicrmw fadd ptr %pd, double %vd syncscope("device") monotonic, align 8
; CHECK-NEXT: %r5 = atomicrmw fadd ptr %pd, double %vd monotonic, align 8
; CHECK-NEXT: %r6 = atomicrmw fadd ptr %ph, half %vh syncscope("block") monotonic, align 2
; CHECK-NEXT: %r7 = atomicrmw fadd ptr %ph, half %vh syncscope("device") monotonic, align 2
; CHECK-NEXT: %r8 = atomicrmw fadd ptr %ph, half %vh monotonic, align 2
; CHECK-NEXT: %r9 = atomicrmw fsub ptr %pf, float %vf syncscope("block") monotonic, align 4
; CHECK-NEXT: %r10 = atomicrmw fsub ptr %pf, float %vf syncscope("device") monotonic, align 4
; CHECK-NEXT: %r11 = atomicrmw fsub ptr %pf, float %vf monotonic, align 4
; CHECK-NEXT: %r12 = atomicrmw fsub ptr %pd, double %vd syncscope("block") monotonic, align 8
; CHECK-NEXT: %r13 = atomicrmw fsub ptr %pd, double %vd syncscope("device") monotonic, align 8
; CHECK-NEXT: %r14 = atomicrmw fsub ptr %pd, double %vd monotonic, align 8
; CHECK-NEXT: %r15 = atomicrmw fsub ptr %ph, half %vh syncscope("block") monotonic, align 2
; CHECK-NEXT: %r16 = atomicrmw fsub ptr %ph, half %vh syncscope("device") monotonic, align 2
; CHECK-NEXT: %r17 = atomicrmw fsub ptr %ph, half %vh monotonic, align 2
; CHECK-NEXT: %r18 = atomicrmw fmin ptr %pf, float %vf syncscope("block") monotonic, align 4
; CHECK-NEXT: %r19 = atomicrmw fmin ptr %pf, float %vf syncscope("device") monotonic, align 4
; CHECK-NEXT: %r20 = atomicrmw fmin ptr %pf, float %vf monotonic, align 4
; CHECK-NEXT: %r21 = atomicrmw fmin ptr %pd, double %vd syncscope("block") monotonic, align 8
; CHECK-NEXT: %r22 = atomicrmw fmin ptr %pd, double %vd syncscope("device") monotonic, align 8
; CHECK-NEXT: %r23 = atomicrmw fmin ptr %pd, double %vd monotonic, align 8
; CHECK-NEXT: %r24 = atomicrmw fmin ptr %ph, half %vh syncscope("block") monotonic, align 2
; CHECK-NEXT: %r25 = atomicrmw fmin ptr %ph, half %vh syncscope("device") monotonic, align 2
; CHECK-NEXT: %r26 = atomicrmw fmin ptr %ph, half %vh monotonic, align 2
; CHECK-NEXT: %r27 = atomicrmw fmax ptr %pf, float %vf syncscope("block") monotonic, align 4
; CHECK-NEXT: %r28 = atomicrmw fmax ptr %pf, float %vf syncscope("device") monotonic, align 4
; CHECK-NEXT: %r29 = atomicrmw fmax ptr %pf, float %vf monotonic, align 4
; CHECK-NEXT: %r30 = atomicrmw fmax ptr %pd, double %vd syncscope("block") monotonic, align 8
; CHECK-NEXT: %r31 = atomicrmw fmax ptr %pd, double %vd syncscope("device") monotonic, align 8
; CHECK-NEXT: %r32 = atomicrmw fmax ptr %pd, double %vd monotonic, align 8
; CHECK-NEXT: %r33 = atomicrmw fmax ptr %ph, half %vh syncscope("block") monotonic, align 2
; CHECK-NEXT: %r34 = atomicrmw fmax ptr %ph, half %vh syncscope("device") monotonic, align 2
; CHECK-NEXT: %r35 = atomicrmw fmax ptr %ph, half %vh monotonic, align 2
define void @all(ptr %pf, ptr %pd, ptr %ph, float %vf, double %vd, half %vh) {
  %r0 = call float @__fpa_atomic_fetch_add_f32_block(ptr %pf, float %vf)
  %r1 = call float @__fpa_atomic_fetch_add_f32_device(ptr %pf, float %vf)
  %r2 = call float @__fpa_atomic_fetch_add_f32_system(ptr %pf, float %vf)
  %r3 = call double @__fpa_atomic_fetch_add_f64_block(ptr %pd, double %vd)
  %r4 = call double @__fpa_atomic_fetch_add_f64_device(ptr %pd, double %vd)
  %r5 = call double @__fpa_atomic_fetch_add_f64_system(ptr %pd, double %vd)
  %r6 = call half @__fpa_atomic_fetch_add_f16_block(ptr %ph, half %vh)
  %r7 = call half @__fpa_atomic_fetch_add_f16_device(ptr %ph, half %vh)
  %r8 = call half @__fpa_atomic_fetch_add_f16_system(ptr %ph, half %vh)
  %r9 = call float @__fpa_atomic_fetch_sub_f32_block(ptr %pf, float %vf)
  %r10 = call float @__fpa_atomic_fetch_sub_f32_device(ptr %pf, float %vf)
  %r11 = call float @__fpa_atomic_fetch_sub_f32_system(ptr %pf, float %vf)
  %r12 = call double @__fpa_atomic_fetch_sub_f64_block(ptr %pd, double %vd)
  %r13 = call double @__fpa_atomic_fetch_sub_f64_device(ptr %pd, double %vd)
  %r14 = call double @__fpa_atomic_fetch_sub_f64_system(ptr %pd, double %vd)
  %r15 = call half @__fpa_atomic_fetch_sub_f16_block(ptr %ph, half %vh)
  %r16 = call half @__fpa_atomic_fetch_sub_f16_device(ptr %ph, half %vh)
  %r17 = call half @__fpa_atomic_fetch_sub_f16_system(ptr %ph, half %vh)
  %r18 = call float @__fpa_atomic_fetch_min_f32_block(ptr %pf, float %vf)
  %r19 = call float @__fpa_atomic_fetch_min_f32_device(ptr %pf, float %vf)
  %r20 = call float @__fpa_atomic_fetch_min_f32_system(ptr %pf, float %vf)
  %r21 = call double @__fpa_atomic_fetch_min_f64_block(ptr %pd, double %vd)
  %r22 = call double @__fpa_atomic_fetch_min_f64_device(ptr %pd, double %vd)
  %r23 = call double @__fpa_atomic_fetch_min_f64_system(ptr %pd, double %vd)
  %r24 = call half @__fpa_atomic_fetch_min_f16_block(ptr %ph, half %vh)
  %r25 = call half @__fpa_atomic_fetch_min_f16_device(ptr %ph, half %vh)
  %r26 = call half @__fpa_atomic_fetch_min_f16_system(ptr %ph, half %vh)
  %r27 = call float @__fpa_atomic_fetch_max_f32_block(ptr %pf, float %vf)
  %r28 = call float @__fpa_atomic_fetch_max_f32_device(ptr %pf, float %vf)
  %r29 = call float @__fpa_atomic_fetch_max_f32_system(ptr %pf, float %vf)
  %r30 = call double @__fpa_atomic_fetch_max_f64_block(ptr %pd, double %vd)
  %r31 = call double @__fpa_atomic_fetch_max_f64_device(ptr %pd, double %vd)
  %r32 = call double @__fpa_atomic_fetch_max_f64_system(ptr %pd, double %vd)
  %r33 = call half @__fpa_atomic_fetch_max_f16_block(ptr %ph, half %vh)
  %r34 = call half @__fpa_atomic_fetch_max_f16_device(ptr %ph, half %vh)
  %r35 = call half @__fpa_atomic_fetch_max_f16_system(ptr %ph, half %vh)
  ret void
}

declare float @__fpa_atomic_fetch_add_f32_block(ptr, float)
declare float @__fpa_atomic_fetch_add_f32_device(ptr, float)
declare float @__fpa_atomic_fetch_add_f32_system(ptr, float)
declare double @__fpa_atomic_fetch_add_f64_block(ptr, double)
declare double @__fpa_atomic_fetch_add_f64_device(ptr, double)
declare double @__fpa_atomic_fetch_add_f64_system(ptr, double)
declare half @__fpa_atomic_fetch_add_f16_block(ptr, half)
declare half @__fpa_atomic_fetch_add_f16_device(ptr, half)
declare half @__fpa_atomic_fetch_add_f16_system(ptr, half)
declare float @__fpa_atomic_fetch_sub_f32_block(ptr, float)
declare float @__fpa_atomic_fetch_sub_f32_device(ptr, float)
declare float @__fpa_atomic_fetch_sub_f32_system(ptr, float)
declare double @__fpa_atomic_fetch_sub_f64_block(ptr, double)
declare double @__fpa_atomic_fetch_sub_f64_device(ptr, double)
declare double @__fpa_atomic_fetch_sub_f64_system(ptr, double)
declare half @__fpa_atomic_fetch_sub_f16_block(ptr, half)
declare half @__fpa_atomic_fetch_sub_f16_device(ptr, half)
declare half @__fpa_atomic_fetch_sub_f16_system(ptr, half)
declare float @__fpa_atomic_fetch_min_f32_block(ptr, float)
declare float @__fpa_atomic_fetch_min_f32_device(ptr, float)
declare float @__fpa_atomic_fetch_min_f32_system(ptr, float)
declare double @__fpa_atomic_fetch_min_f64_block(ptr, double)
declare double @__fpa_atomic_fetch_min_f64_device(ptr, double)
declare double @__fpa_atomic_fetch_min_f64_system(ptr, double)
declare half @__fpa_atomic_fetch_min_f16_block(ptr, half)
declare half @__fpa_atomic_fetch_min_f16_device(ptr, half)
declare half @__fpa_atomic_fetch_min_f16_system(ptr, half)
declare float @__fpa_atomic_fetch_max_f32_block(ptr, float)
declare float @__fpa_atomic_fetch_max_f32_device(ptr, float)
declare float @__fpa_atomic_fetch_max_f32_system(ptr, float)
declare double @__fpa_atomic_fetch_max_f64_block(ptr, double)
declare double @__fpa_atomic_fetch_max_f64_device(ptr, double)
declare double @__fpa_atomic_fetch_max_f64_system(ptr, double)
declare half @__fpa_atomic_fetch_max_f16_block(ptr, half)
declare half @__fpa_atomic_fetch_max_f16_device(ptr, half)
declare half @__fpa_atomic_fetch_max_f16_system(ptr, half)

; SPIRV-LABEL: define void @all(
; SPIRV-NEXT: atomicrmw fadd ptr %pf, float %vf syncscope("workgroup") monotonic, align 4
; SPIRV-NEXT: atomicrmw fadd ptr %pf, float %vf syncscope("device") monotonic, align 4
; SPIRV-NEXT: atomicrmw fadd ptr %pf, float %vf monotonic, align 4

; LOWERED-LABEL: define void @all(
; LOWERED-NEXT: [[WB:%wbits[0-9]*]] = bitcast float %vf to i32
; LOWERED-NEXT: [[MAG:%mag[0-9]*]] = and i32 [[WB]], 2147483647
; LOWERED-NEXT: [[BIG:%addexact[0-9]*]] = icmp uge i32 [[MAG]], 218103808
; LOWERED-NEXT: br i1 [[BIG]], label %[[NAT:atomicrmw.native[0-9]*]], label %atomicrmw.tiny
; LOWERED: [[NAT]]:
; LOWERED-NEXT: atomicrmw fadd ptr %pf, float %vf syncscope("block") monotonic
; LOWERED-NOT: fence
; LOWERED: call float asm sideeffect "atom.sys.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr %pf, float %vf)
; LOWERED-NOT: fence
; LOWERED: atomicrmw min ptr %pf, i32 {{%.*}} syncscope("block") monotonic
; LOWERED-NOT: fence
; LOWERED: call i32 asm sideeffect "atom.sys.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %pf, i32
; LOWERED-NOT: atomicrmw fmin
; LOWERED: ret void
; LOWERED-NOT: declare {{.*}}__fpa_atomic_fetch

; REPORT: all: fadd float addrspace(0): rewritten fadd-guarded: from __fpa_atomic_fetch_add_f32_block: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; note: the backend emits the add at .gpu scope, wider than block{{$}}
; REPORT: all: fadd float addrspace(0): rewritten fadd-guarded: from __fpa_atomic_fetch_add_f32_system: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; system scope: its atomics are inline PTX atom.sys (the backend would emit them at .gpu scope){{$}}
; REPORT: all: fmin float addrspace(0): rewritten warp-aggregated: from __fpa_atomic_fetch_min_f32_block: aggregate=auto: {{.*}}; each group's leader: int-trick: integer min/max by sign bit, with NaN repair
; REPORT: all: fmax half addrspace(0): rewritten warp-aggregated: from __fpa_atomic_fetch_max_f16_system: {{.*}}; each group's leader: cas-loop-masked:

; OFF: call float @__fpa_atomic_fetch_add_f32_block(
; OFF-NOT: atomicrmw
; OFF: declare float @__fpa_atomic_fetch_add_f32_block(
