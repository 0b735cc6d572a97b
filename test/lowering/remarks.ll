; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; Optimization remarks: -pass-remarks=lower-fp-atomics names each rewritten
; atomic and its strategy; -pass-remarks-analysis names the native and kept
; ones; a warning for an atomic left as is appears with no flag at all. The
; -fpa-report / fpa-opt --report lines carry FILE:LINE:COL from !dbg.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -pass-remarks=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REM
; From sm_60 the system-scope sites note their inline PTX atom.sys; from
; sm_70 the unused fmin is warp-aggregated (aggregate=auto).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90>' -pass-remarks=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REM90
; RUN: %opt %loadplugin -passes=lower-fp-atomics -pass-remarks-analysis=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=ANA
; RUN: %opt %loadplugin -passes=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=NONE --implicit-check-not=remark
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -pass-remarks=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=NONE --implicit-check-not=remark
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep;add=keep>' -pass-remarks-analysis=lower-fp-atomics -disable-output %s 2>&1 | %FileCheck %s --check-prefix=KEEP
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REPORT
; RUN: %fpa-opt --report %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REPORT

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The default sm is below 60: system scope stays .gpu there, and says so.
; REM: remark: kernel.cu:12:5: fmin float: rewritten int-trick: integer min/max by sign bit, with NaN repair; {{.*}}; note: PTX has no .sys scope before sm_60, so its atomics act at .gpu scope, not .sys{{$}}
; REM-NEXT: remark: kernel.cu:13:7: fadd float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; fenced, as LLVM 22 NVPTX drops an atomicrmw's ordering; note: PTX has no .sys scope before sm_60
; REM-NEXT: remark: kernel.cu:14:9: fadd double: rewritten cas-loop: no native fadd: atom.add.f64 needs sm_60
; REM-NEXT: remark: kernel.cu:15:2: fsub float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add of -v where |-v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; note: PTX has no .sys scope before sm_60, so its atomics act at .gpu scope, not .sys{{$}}
; REM-NEXT: remark: kernel.cu:16:3: fmax half: rewritten cas-loop-masked: no 16-bit integer min/max atomic; no 16-bit cmpxchg, so on the 32-bit word
; REM-NEXT: remark: kernel.cu:17:4: fadd float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; note: PTX has no .sys scope before sm_60, so its atomics act at .gpu scope, not .sys{{$}}
; REM-NEXT: warning: kernel.cu:18:1: lower-fp-atomics: left as is: fmin float: unsupported none: under-aligned atomic (align 2 < size 4) has no lock-free form
; REM-NOT:  remark

; REM90: remark: kernel.cu:12:5: fmin float: rewritten warp-aggregated: aggregate=auto: lanes grouped by address {{.*}}; each group's leader: int-trick: integer min/max by sign bit, with NaN repair; {{.*}}; system scope: its atomics are inline PTX atom.sys (the backend would emit them at .gpu scope){{$}}
; REM90-NEXT: remark: kernel.cu:13:7: fadd float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; fenced, as LLVM 22 NVPTX drops an atomicrmw's ordering; system scope: its atomics are inline PTX atom.sys
; REM90-NEXT: remark: kernel.cu:14:9: fadd double: rewritten native-sys: atom.add.f64 needs sm_60; system scope: the add is inline PTX atom.sys (the backend would emit it at .gpu scope){{$}}
; REM90-NEXT: remark: kernel.cu:15:2: fsub float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add of -v where |-v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; system scope: its atomics are inline PTX atom.sys (the backend would emit them at .gpu scope){{$}}
; REM90-NEXT: remark: kernel.cu:16:3: fmax half: rewritten warp-aggregated: aggregate=auto: {{.*}}; each group's leader: cas-loop-masked: no 16-bit integer min/max atomic; no 16-bit cmpxchg, so on the 32-bit word; the loop ends without cmpxchg when the update leaves memory unchanged{{$}}
; REM90-NEXT: remark: kernel.cu:17:4: fadd float: rewritten fadd-guarded: atom.add.f32 flushes subnormals: native add where |v| >= 2^-101 (exact there), an exact cmpxchg loop for smaller operands and zeros; system scope: its atomics are inline PTX atom.sys (the backend would emit them at .gpu scope){{$}}
; REM90-NEXT: warning: kernel.cu:18:1: lower-fp-atomics: left as is: fmin float
; REM90-NEXT: remark: kernel.cu:19:6: fadd float: rewritten native-sys: atom.add.f32 exists on every sm; system scope: the add is inline PTX atom.sys (the backend would emit it at .gpu scope){{$}}
; REM90-NOT:  remark

; ANA: warning: kernel.cu:18:1: lower-fp-atomics: left as is: fmin float
; ANA-NEXT: remark: kernel.cu:19:6: fadd float: native native: atom.add.f32 exists on every sm; note: PTX has no .sys scope before sm_60, so the add acts at .gpu scope, not .sys{{$}}
; ANA-NOT:  remark

; NONE: warning: kernel.cu:18:1: lower-fp-atomics: left as is: fmin float: unsupported none: under-aligned atomic

; KEEP: remark: kernel.cu:12:5: fmin float: kept keep: minmax=keep
; KEEP-NEXT: remark: kernel.cu:13:7: fadd float: kept keep: add=keep
; KEEP-NEXT: remark: kernel.cu:14:9: fadd double: kept keep: add=keep
; KEEP-NEXT: remark: kernel.cu:15:2: fsub float: kept keep: add=keep
; KEEP-NEXT: remark: kernel.cu:16:3: fmax half: kept keep: minmax=keep
; KEEP-NEXT: remark: kernel.cu:17:4: fadd float: kept keep: add=keep
; KEEP-NEXT: warning: kernel.cu:18:1: lower-fp-atomics: left as is: fmin float
; KEEP-NEXT: remark: kernel.cu:19:6: fadd float: kept keep: add=keep

; REPORT: kernel.cu:12:5: kern: fmin float addrspace(1): rewritten int-trick: integer min/max by sign bit, with NaN repair
; REPORT: kernel.cu:13:7: kern: fadd float addrspace(1): rewritten fadd-guarded:
; REPORT: kernel.cu:14:9: kern: fadd double addrspace(1): rewritten cas-loop:
; REPORT: kernel.cu:15:2: kern: fsub float addrspace(1): rewritten fadd-guarded:
; REPORT: kernel.cu:16:3: kern: fmax half addrspace(3): rewritten cas-loop-masked:
; REPORT: kernel.cu:17:4: kern: fadd float addrspace(0): rewritten fadd-guarded:
; REPORT: kernel.cu:18:1: kern: fmin float addrspace(1): unsupported none: under-aligned atomic (align 2 < size 4) has no lock-free form
; REPORT: kernel.cu:19:6: kern: fadd float addrspace(3): native native: atom.add.f32 exists on every sm

; One function with an atomic of each kind of decision, each at its own source line.
define void @kern(ptr addrspace(1) %p, ptr addrspace(3) %s, ptr %g, float %v, double %d, half %h) !dbg !5 {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4, !dbg !9
  %b = atomicrmw fadd ptr addrspace(1) %p, float %v acq_rel, align 4, !dbg !10
  %c = atomicrmw fadd ptr addrspace(1) %p, double %d monotonic, align 8, !dbg !11
  %e = atomicrmw fsub ptr addrspace(1) %p, float %v monotonic, align 4, !dbg !12
  %f = atomicrmw fmax ptr addrspace(3) %s, half %h monotonic, align 2, !dbg !13
  %n = atomicrmw fadd ptr %g, float %v monotonic, align 4, !dbg !14
  %u = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 2, !dbg !15
  %w = atomicrmw fadd ptr addrspace(3) %s, float %v monotonic, align 4, !dbg !16
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "fpatomics test", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "kern", scope: !1, file: !1, line: 10, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!9 = !DILocation(line: 12, column: 5, scope: !5)
!10 = !DILocation(line: 13, column: 7, scope: !5)
!11 = !DILocation(line: 14, column: 9, scope: !5)
!12 = !DILocation(line: 15, column: 2, scope: !5)
!13 = !DILocation(line: 16, column: 3, scope: !5)
!14 = !DILocation(line: 17, column: 4, scope: !5)
!15 = !DILocation(line: 18, column: 1, scope: !5)
!16 = !DILocation(line: 19, column: 6, scope: !5)
