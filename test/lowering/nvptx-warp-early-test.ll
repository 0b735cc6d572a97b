; aggregate=warp makes its first grouping test (a shuffle of the address's
; low bits from the lane below, and vote.any) at the head of the region
; whose blocks run exactly when the atomic's does: straight-line blocks and
; one-block if-then / if-then-else arms, as inlining leaves them. There it
; runs while the operand is still being computed. The address is rebuilt
; there from its pure instructions. Elsewhere the test stays at the atomic.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80;aggregate=warp>' -S %s | %FileCheck %s
; RUN: %fpa-opt --sm=80 --aggregate=warp %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; if-then before the atomic: the test is in the head (here the entry, as
; straight-line blocks before the if-then belong to the region too), after
; the head's last instruction that the address uses, with its own mask, on
; a rebuilt address; the exact tests at the atomic use the atomic's.
; CHECK-LABEL: define void @if_then(
; CHECK: entry:
; CHECK-NEXT: %x = fmul float %v, 2.0
; CHECK-NEXT: %j = add i32 %i, 1
; CHECK-NEXT: %activemask{{[0-9]*}} = call i32 {{.*}}activemask
; CHECK-NEXT: %lanemask.lt.early = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; CHECK-NEXT: [[I:%[0-9]+]] = and i32 %j, %m
; CHECK-NEXT: [[Z:%[0-9]+]] = zext i32 [[I]] to i64
; CHECK-NEXT: [[P:%[0-9]+]] = getelementptr float, ptr addrspace(1) %mem, i64 [[Z]]
; CHECK-NEXT: %addr.early = ptrtoint ptr addrspace(1) [[P]] to i64
; CHECK-NEXT: %addr.lo = trunc i64 %addr.early to i32
; CHECK-NEXT: [[NF:%[0-9]+]] = icmp ne i32 %lanemask.lt.early, 0
; CHECK-NEXT: [[UP:%[0-9]+]] = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask{{[0-9]*}}, i32 %addr.lo, i32 1, i32 0)
; CHECK-NEXT: [[EQ:%[0-9]+]] = icmp eq i32 %addr.lo, [[UP]]
; CHECK-NEXT: [[D:%[0-9]+]] = and i1 [[NF]], [[EQ]]
; CHECK-NEXT: %shared = call i1 @llvm.nvvm.vote.any.sync(i32 %activemask{{[0-9]*}}, i1 [[D]])
; CHECK-NEXT: %neg = fcmp olt float %x, 0.0
; CHECK-NEXT: br label %head
; CHECK: join:
; CHECK: %activemask = call i32 {{.*}}activemask
; CHECK-NOT: shfl.sync.up
; CHECK: br i1 %shared, label %warp.shared, label %warp.perlane
; CHECK: warp.shared:
; CHECK: vote.all.sync(i32 %activemask,
define void @if_then(ptr addrspace(1) %mem, i32 %i, i32 %m, float %v) {
entry:
  %x = fmul float %v, 2.0
  %j = add i32 %i, 1
  %neg = fcmp olt float %x, 0.0
  br label %head
head:
  br i1 %neg, label %then, label %join
then:
  %y = fneg float %x
  br label %join
join:
  %z = phi float [ %x, %head ], [ %y, %then ]
  %a = and i32 %j, %m
  %a64 = zext i32 %a to i64
  %p = getelementptr float, ptr addrspace(1) %mem, i64 %a64
  %old = atomicrmw fmin ptr addrspace(1) %p, float %z syncscope("device") monotonic, align 4
  ret void
}

; if-then-else, then a straight-line block: the head is the block with the
; branch; the address is an argument, and the test goes after the phis.
; CHECK-LABEL: define void @diamond(
; CHECK: top:
; CHECK-NEXT: %k = phi i32
; CHECK-NEXT: %activemask{{[0-9]*}} = call i32 {{.*}}activemask
; CHECK: %shared = call i1 @llvm.nvvm.vote.any.sync(
; CHECK: br i1 %c, label %yes, label %no
; CHECK: last:
; CHECK-NOT: shfl.sync.up
; CHECK: br i1 %shared,
define void @diamond(ptr addrspace(1) %p, float %v, i1 %c, i1 %d) {
entry:
  br i1 %d, label %top, label %out
top:
  %k = phi i32 [ 0, %entry ]
  br i1 %c, label %yes, label %no
yes:
  %y = fadd float %v, 1.0
  br label %mid
no:
  %n = fadd float %v, 2.0
  br label %mid
mid:
  %w = phi float [ %y, %yes ], [ %n, %no ]
  br label %last
last:
  %old = atomicrmw fmax ptr addrspace(1) %p, float %w syncscope("device") monotonic, align 4
  br label %out
out:
  ret void
}

; In a loop the address changes each time round, and the entry runs once:
; the test stays at the atomic.
; CHECK-LABEL: define void @loop(
; CHECK: body:
; CHECK: %activemask = call i32 {{.*}}activemask
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask,
define void @loop(ptr addrspace(1) %mem, float %v, i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %p = getelementptr float, ptr addrspace(1) %mem, i32 %i
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %body, label %done
done:
  ret void
}

; The address loaded in the region (not pure): the test stays at the
; atomic. A division is not rebuilt either (it could trap).
; CHECK-LABEL: define void @loaded(
; CHECK: join:
; CHECK: %activemask = call i32 {{.*}}activemask
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask,
; CHECK-LABEL: define void @divided(
; CHECK: join:
; CHECK: %activemask = call i32 {{.*}}activemask
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %activemask,
define void @loaded(ptr %pp, float %v, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %p = load ptr addrspace(1), ptr %pp
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}
define void @divided(ptr addrspace(1) %mem, i32 %i, i32 %d, float %v, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %q = udiv i32 %i, %d
  %p = getelementptr float, ptr addrspace(1) %mem, i32 %q
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; The head is the entry block and begins with allocas: the test goes after
; them (a later alloca is not passed over), so the static allocas stay
; together at the top.
; CHECK-LABEL: define void @entry_allocas(
; CHECK: entry:
; CHECK-NEXT: %buf = alloca [4 x float], align 4
; CHECK-NEXT: %n = alloca i32, align 4
; CHECK-NEXT: %activemask{{[0-9]*}} = call i32 {{.*}}activemask
; CHECK: %shared = call i1 @llvm.nvvm.vote.any.sync(
; CHECK-NEXT: store i32 %i, ptr %n
; CHECK-NEXT: %late = alloca i32, align 4
define void @entry_allocas(ptr addrspace(1) %mem, i32 %i, float %v) {
entry:
  %buf = alloca [4 x float], align 4
  %n = alloca i32, align 4
  store i32 %i, ptr %n
  %late = alloca i32, align 4
  %neg = fcmp olt float %v, 0.0
  br i1 %neg, label %then, label %join
then:
  %y = fneg float %v
  br label %join
join:
  %z = phi float [ %v, %entry ], [ %y, %then ]
  %a64 = zext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %mem, i64 %a64
  %old = atomicrmw fmin ptr addrspace(1) %p, float %z syncscope("device") monotonic, align 4
  ret void
}
