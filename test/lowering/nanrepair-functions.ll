; The NaN repair's cmpxchg loop is one function of the module per kind of
; site (lib/build_int.c, repair_fn): sites that agree on operation, types,
; ordering, scope, volatile, alignment and processor call one function;
; a site that differs in scope or processor gets its own; a site whose
; atomic carries metadata keeps its loop in place (the loop's accesses copy
; the metadata). The function takes the caller's target-cpu and
; target-features, is internal, noinline and cold, and on SPIR targets it
; and its calls are spir_func. A second run of the pass lowers nothing new
; and adds no function. Before LLVM 20 a system-scope cmpxchg is inline PTX
; atom.sys.cas (llc-15 prints cmpxchg with no scope, .gpu), without metadata.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<precheck=off;aggregate=none>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --check-prefixes=CHECK,%if llvm15 %{L15%} %else %{L22%}
; RUN: %opt %loadplugin -passes='lower-fp-atomics<precheck=off;aggregate=none>,lower-fp-atomics<precheck=off;aggregate=none>' -S %s | %FileCheck %s --check-prefix=TWICE
; RUN: sed -e 's/nvptx64-nvidia-cuda/spirv64-unknown-unknown/' -e 's/^define void/define spir_kernel void/' -e 's/^define float/define spir_func float/' %s | %opt %loadplugin -passes=lower-fp-atomics -S | %FileCheck %s --check-prefix=SPIR

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @a(ptr addrspace(1) %p, float %v) #0 {
; CHECK-LABEL: define void @a(
; CHECK:       atomicrmw.nanrepair:
; CHECK-NEXT:  [[R:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) %p, float %v, i32 [[OLD:%.*]])
; CHECK-NEXT:  br label %atomicrmw.end
; CHECK-NOT:   cmpxchg
; L15-NOT:     .cas.b
; CHECK:       ret void
; SPIR-LABEL:  define spir_kernel void @a(
; SPIR:        call spir_func i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) %p, float %v, i32
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; the same kind of site as @a's, and one at block scope
define float @b(ptr addrspace(1) %q, float %w) #0 {
; CHECK-LABEL: define float @b(
; CHECK:       [[R1:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.monotonic(ptr addrspace(1) %q, float %w, i32 [[OLD1:%.*]])
; CHECK:       phi i32 [ [[OLD1]], %atomicrmw.join{{[0-9]*}} ], [ [[R1]], %atomicrmw.nanrepair{{[0-9]*}} ]
; CHECK:       [[R2:%.*]] = call i32 @fpa.nanrepair.fmin.f32.p1.block.monotonic(ptr addrspace(1) %q, float %w, i32 [[OLD2:%.*]])
; CHECK:       phi i32 [ [[OLD2]], %atomicrmw.join{{[0-9]*}} ], [ [[R2]], %atomicrmw.nanrepair{{[0-9]*}} ]
; CHECK-NOT:   cmpxchg
; L15-NOT:     .cas.b
; CHECK:       ret float
; SPIR-LABEL:  define spir_func float @b(
; SPIR:        call spir_func i32 @fpa.nanrepair.fmin.f32.p1.monotonic(
  %o = atomicrmw fmin ptr addrspace(1) %q, float %w monotonic, align 4
  %o2 = atomicrmw fmin ptr addrspace(1) %q, float %w syncscope("block") monotonic, align 4
  %s = fadd float %o, %o2
  ret float %s
}

; another processor: a function of its own (LLVM numbers its name)
define void @c(ptr addrspace(1) %p, float %v) #1 {
; CHECK-LABEL: define void @c(
; CHECK:       call i32 @fpa.nanrepair.fmin.f32.p1.monotonic1(ptr addrspace(1) %p, float %v, i32
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret void
}

; metadata on the atomic: the loop stays here and its cmpxchg keeps it (the
; inline PTX cas before LLVM 20 carries none)
define void @d(ptr addrspace(1) %p, float %v) #0 {
; CHECK-LABEL: define void @d(
; CHECK-NOT:   call {{.*}}@fpa.nanrepair
; CHECK:       atomicrmw.start:
; L22:         cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4, !noalias.addrspace ![[MD:[0-9]+]]
; L15:         %newloaded = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %p, i32 %loaded, i32 %new){{$}}
; L15-NEXT:    %success = icmp eq i32 %newloaded, %loaded
; CHECK:       ret void
  %o = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4, !noalias.addrspace !0
  ret void
}

; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.monotonic(
; CHECK-SAME:  ptr addrspace(1) %p, float %v, i32 %old) [[A90:#[0-9]+]] {
; L22:         cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; L15:         %newloaded = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %p, i32 %loaded, i32 %new){{$}}
; L15-NEXT:    %success = icmp eq i32 %newloaded, %loaded
; CHECK-NOT:   !noalias.addrspace
; CHECK:       ret i32
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.block.monotonic(
; CHECK-SAME:  [[A90]] {
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} syncscope("block") monotonic monotonic, align 4
; CHECK-LABEL: define internal i32 @fpa.nanrepair.fmin.f32.p1.monotonic1(
; CHECK-SAME:  [[A80:#[0-9]+]] {
; L22:         cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; L15:         %newloaded = call i32 asm sideeffect "atom.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr addrspace(1) %p, i32 %loaded, i32 %new){{$}}
; L15-NEXT:    %success = icmp eq i32 %newloaded, %loaded
; CHECK-NOT:   define
; CHECK-DAG:   attributes [[A90]] = { cold noinline nounwind "target-cpu"="sm_90" "target-features"="+ptx84" }
; CHECK-DAG:   attributes [[A80]] = { cold noinline nounwind "target-cpu"="sm_80" "target-features"="+ptx84" }

; TWICE-COUNT-3: define internal i32 @fpa.nanrepair.
; TWICE-NOT:     define internal

; SPIR:        define internal spir_func i32 @fpa.nanrepair.fmin.f32.p1.monotonic(
; SPIR:        cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx84" }
attributes #1 = { "target-cpu"="sm_80" "target-features"="+ptx84" }
!0 = !{i32 5, i32 6}
