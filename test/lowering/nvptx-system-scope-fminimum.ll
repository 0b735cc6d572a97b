; REQUIRES: nvptx, fminimum
; fminimum/fmaximum at system scope under assume=nan-free-memory: the
; integer sign trick, whose atoms are inline PTX atom.sys from sm_60 (as in
; nvptx-system-scope.ll), after the ordering's leading fence and before its
; trailing one. Without the
; assumption they are cmpxchg loops, which the backend prints with .sys.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;assume=nan-free-memory>' %s | %llc -mcpu=sm_70 -o %t.ptx
; RUN: %FileCheck %s < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o - | %FileCheck %s --check-prefix=LOOP

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @fminimum_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fminimum_system(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.min.s32
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.max.u32
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       ret;
; LOOP-LABEL:  fminimum_system(
; LOOP-NOT:    atom.{{(sys.)?}}global.{{min|max}}
; LOOP:        atom.relaxed.sys.global.cas.b32
; LOOP-NOT:    atom.{{(sys.)?}}global.{{min|max}}
; LOOP:        ret;
  %old = atomicrmw fminimum ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; double through a generic pointer, result unused.
define void @fmaximum_f64_system(ptr %p, double %v) {
; CHECK-LABEL: fmaximum_f64_system(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.max.s64
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.min.u64
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       ret;
  %old = atomicrmw fmaximum ptr %p, double %v monotonic, align 8
  ret void
}

; release: one fence.acq_rel.sys before the sign branch, none after.
define float @fmaximum_release_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmaximum_release_system(
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       fence.acq_rel.sys;
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       // begin inline asm
; CHECK-NEXT:  atom.sys.global.max.s32
; CHECK-NEXT:  // end inline asm
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       // begin inline asm
; CHECK-NEXT:  atom.sys.global.min.u32
; CHECK-NEXT:  // end inline asm
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       ret;
  %old = atomicrmw fmaximum ptr addrspace(1) %p, float %v release, align 4
  ret float %old
}

; acq_rel, double: a release fence (fence.acq_rel.sys) before the sign
; branch, relaxed atom.sys on both paths, an acquire fence after their join.
define double @fminimum_acq_rel_system(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: fminimum_acq_rel_system(
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       fence.acq_rel.sys;
; CHECK-NEXT:  @{{%p[0-9]+}} bra
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       // begin inline asm
; CHECK-NEXT:  atom.sys.global.min.s64
; CHECK-NEXT:  // end inline asm
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       // begin inline asm
; CHECK-NEXT:  atom.sys.global.max.u64
; CHECK-NEXT:  // end inline asm
; CHECK-NEXT:  $L__BB{{.*}}atomicrmw.join
; CHECK-NEXT:  fence.acq_rel.sys;
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       ret;
  %old = atomicrmw fminimum ptr addrspace(1) %p, double %v acq_rel, align 8
  ret double %old
}
