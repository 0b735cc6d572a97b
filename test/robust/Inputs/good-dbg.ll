; A function to lower with a loop (a phi) and debug records: api-robust's
; mode "broken" checks that replacing its body leaves a valid module.
target triple = "nvptx64-nvidia-cuda"

define float @f(ptr addrspace(1) %p, float %v, i32 %n) !dbg !5 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi float [ %v, %entry ], [ %old, %loop ]
  call void @llvm.dbg.value(metadata i32 %i, metadata !9, metadata !DIExpression()), !dbg !10
  %old = atomicrmw fmin ptr addrspace(1) %p, float %acc monotonic, align 4, !dbg !10
  call void @llvm.dbg.value(metadata float %old, metadata !9, metadata !DIExpression()), !dbg !10
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit, !dbg !10

exit:
  ret float %old, !dbg !10
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "good-dbg.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 2, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{}
!9 = !DILocalVariable(name: "x", scope: !5, file: !1, line: 2, type: !11)
!10 = !DILocation(line: 2, column: 3, scope: !5)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
