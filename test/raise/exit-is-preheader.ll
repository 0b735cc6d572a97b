; A compare-and-swap loop that exits to its own preheader (the header of an
; outer loop), whose phi is the loop's initial value: the raise rebuilds
; that phi, with the atomicrmw's old value where the loop came from, and
; no longer reaches the phi it erased.
; RUN: %fpa-opt --minmax=keep %s -o - | %FileCheck %s
; Under valgrind (reads of freed LLVM objects happen inside libLLVM, which
; the ASan build does not instrument): this input, and every raise, which
; once stepped from the compare-and-swap it had just erased.
; RUN: %valgrind -q --error-exitcode=99 %fpa-opt --minmax=keep %s -o /dev/null
; RUN: %valgrind -q --error-exitcode=99 %fpa-opt --minmax=keep --add=keep %S/ir-rules.ll -o /dev/null
; REQUIRES: nvptx, valgrind

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, float %v, i32 %start) {
entry:
  br label %pre
pre:
  %x = phi i32 [ %start, %entry ], [ %r, %header ]
  br label %header
header:
  %old = phi i32 [ %x, %pre ], [ %r, %header ]
  %f = bitcast i32 %old to float
  %n = call float @llvm.maxnum.f32(float %f, float %v)
  %nb = bitcast float %n to i32
  %c = cmpxchg ptr %p, i32 %old, i32 %nb seq_cst seq_cst
  %r = extractvalue { i32, i1 } %c, 0
  %ok = extractvalue { i32, i1 } %c, 1
  br i1 %ok, label %pre, label %header
}
declare float @llvm.maxnum.f32(float, float)

; CHECK-LABEL: define void @k(
; CHECK:       pre:
; CHECK-NEXT:    %x = phi i32 [ %start, %entry ], [ [[OLDI:%[0-9]+]], %cas.raised ]
; CHECK:       cas.raised:
; CHECK-NEXT:    [[OLD:%[0-9]+]] = atomicrmw fmax ptr %p, float %v seq_cst, align 4
; CHECK-NEXT:    [[OLDI]] = bitcast float [[OLD]] to i32
; CHECK-NEXT:    br label %pre
; CHECK-NOT:   cmpxchg
