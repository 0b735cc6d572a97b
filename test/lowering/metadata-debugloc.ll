; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; Debug locations, metadata and value names survive the rewrite: every new
; instruction carries the atomic's !dbg; !tbaa and other metadata go on each
; access of the same location (the integer atomics, the load and cmpxchg of a
; full-width loop); !tbaa is dropped from the wider word access of a masked
; loop; the result keeps its name, and names of other values are untouched.
; The loops' cmpxchg also carries the pass's own !fpa.loop.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s
; RUN: %fpa-opt %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float seq_cst: !dbg on the bitcast, fences, integer atomics, repair cmpxchg and final bitcast; !tbaa and custom metadata on the accesses.
define float @trick(ptr addrspace(1) %p, float %v) !dbg !5 {
; CHECK-LABEL: define float @trick(
; CHECK:       %vbits = bitcast float %v to i32, !dbg [[LOC1:![0-9]+]]
; CHECK:       fence seq_cst, !dbg [[LOC1]]
; CHECK-NEXT:  br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos, !dbg [[LOC1]]
; CHECK:       atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4, !dbg [[LOC1]], !tbaa [[TBAA:![0-9]+]], !my.kind [[MY:![0-9]+]]
; CHECK:       atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} seq_cst, align 4, !dbg [[LOC1]], !tbaa [[TBAA]], !my.kind [[MY]]
; CHECK:       fence acquire, !dbg [[LOC1]]
; CHECK:       cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4, !dbg [[LOC1]], !tbaa [[TBAA]], !my.kind [[MY]]
; CHECK:       %result = bitcast i32 {{%.*}} to float, !dbg [[LOC1]]
; CHECK-NEXT:  %later = fadd float %result, 1.000000e+00, !dbg [[LOC2:![0-9]+]]
; CHECK-NEXT:  ret float %later
  %result = atomicrmw fmin ptr addrspace(1) %p, float %v seq_cst, align 4, !dbg !9, !tbaa !10, !my.kind !13
  %later = fadd float %result, 1.0, !dbg !14
  ret float %later
}

; fadd double before sm_60 (full-width loop): the initial load and the cmpxchg keep !tbaa; all carry !dbg.
define double @loop(ptr addrspace(1) %p, double %v) !dbg !15 {
; CHECK-LABEL: define double @loop(
; CHECK:       %init = load atomic i64, ptr addrspace(1) %p monotonic, align 8, !dbg [[LOC3:![0-9]+]], !tbaa [[TBAA]]
; CHECK:       %new = fadd double {{%.*}}, {{%.*}}, !dbg [[LOC3]]
; CHECK:       cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8, !dbg [[LOC3]], !tbaa [[TBAA]]
; CHECK:       %sum = bitcast i64 %loaded to double, !dbg [[LOC3]]
  %sum = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8, !dbg !16, !tbaa !10
  ret double %sum
}

; fmax half (masked loop on the word): !dbg everywhere, no metadata of the half on the word accesses.
define half @masked(ptr addrspace(1) %p, half %v) !dbg !17 {
; CHECK-LABEL: define half @masked(
; CHECK:       ptrtoint ptr addrspace(1) %p to i64, !dbg [[LOC4:![0-9]+]]
; CHECK:       %init = load atomic i32, ptr addrspace(1) %word monotonic, align 4, !dbg [[LOC4]]{{$}}
; CHECK:       cmpxchg ptr addrspace(1) %word, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4, !dbg [[LOC4]], !fpa.loop !{{[0-9]+}}{{$}}
; CHECK:       %h.old = bitcast i16 {{%.*}} to half, !dbg [[LOC4]]
  %h.old = atomicrmw fmax ptr addrspace(1) %p, half %v monotonic, align 2, !dbg !18, !tbaa !10, !my.kind !13
  ret half %h.old
}

; fsub float in shared memory as fadd of fneg: the fneg and the new atomic both carry !dbg and !tbaa stays on the atomic.
define float @fadd_neg(ptr addrspace(3) %p, float %v) !dbg !19 {
; CHECK-LABEL: define float @fadd_neg(
; CHECK-NEXT:  %neg = fneg float %v, !dbg [[LOC5:![0-9]+]]
; CHECK-NEXT:  %d = atomicrmw fadd ptr addrspace(3) %p, float %neg monotonic, align 4, !dbg [[LOC5]], !tbaa [[TBAA]]
  %d = atomicrmw fsub ptr addrspace(3) %p, float %v monotonic, align 4, !dbg !20, !tbaa !10
  ret float %d
}

; CHECK-DAG: [[LOC1]] = !DILocation(line: 7, column: 3,
; CHECK-DAG: [[LOC2]] = !DILocation(line: 8, column: 5,
; CHECK-DAG: [[LOC3]] = !DILocation(line: 17, column: 9,
; CHECK-DAG: [[LOC4]] = !DILocation(line: 27, column: 11,
; CHECK-DAG: [[LOC5]] = !DILocation(line: 37, column: 13,
; CHECK-DAG: [[MY]] = !{!"custom"}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "fpatomics test", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "trick", scope: !1, file: !1, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!9 = !DILocation(line: 7, column: 3, scope: !5)
!10 = !{!11, !11, i64 0}
!11 = !{!"float", !12}
!12 = !{!"root"}
!13 = !{!"custom"}
!14 = !DILocation(line: 8, column: 5, scope: !5)
!15 = distinct !DISubprogram(name: "loop", scope: !1, file: !1, line: 15, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!16 = !DILocation(line: 17, column: 9, scope: !15)
!17 = distinct !DISubprogram(name: "masked", scope: !1, file: !1, line: 25, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!18 = !DILocation(line: 27, column: 11, scope: !17)
!19 = distinct !DISubprogram(name: "fadd_neg", scope: !1, file: !1, line: 35, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!20 = !DILocation(line: 37, column: 13, scope: !19)
