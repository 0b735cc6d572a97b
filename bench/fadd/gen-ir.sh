#!/bin/sh
# Writes the LLVM IR of the guarded-add GPU checks (bench/fadd/README.md):
#   x_<op>_<scope>(buf, ops, nops, bad, first): thread i owns buf[i] and the
#     subnormal (or zero) memory value M_i = (i & 0x7fffff) | (i >> 23) << 31;
#     for each operand bits ops[k] it stores M_i, runs the atomicrmw, reads
#     the location back and compares new and old values with the IEEE result
#     computed by a plain (non-flushing) fadd/fsub; differences are counted
#     in bad[0] and the first (i, k) kept in first[0..1].
#   b_<op>_<scope>_<used>(out, vals, n, mask, olds): thread i < n does
#     `atomicrmw <op> out[i & mask], vals[i]`, storing the old value to
#     olds[i] when <used> is 1.
# <op> is fadd or fsub; <scope> dev (syncscope "device") or sys (system).
set -eu
cat <<'IR'
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i32 @gid() alwaysinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  ret i32 %i
}

define internal i1 @isnan(i32 %b) alwaysinline {
  %m = and i32 %b, 2147483647
  %r = icmp ugt i32 %m, 2139095040
  ret i1 %r
}
IR
for op in fadd fsub; do
  for scope in dev sys; do
    if [ $scope = dev ]; then ss='syncscope("device") '; else ss=''; fi
    cat <<IR

define ptx_kernel void @x_${op}_${scope}(ptr addrspace(1) %buf, ptr addrspace(1) %ops, i32 %nops, ptr addrspace(1) %bad, ptr addrspace(1) %first) #0 {
entry:
  %i = call i32 @gid()
  %lo = and i32 %i, 8388607
  %hi = lshr i32 %i, 23
  %sg = shl i32 %hi, 31
  %m = or i32 %lo, %sg
  %mf = bitcast i32 %m to float
  %i64 = zext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(1) %buf, i64 %i64
  %any = icmp ne i32 %nops, 0
  br i1 %any, label %loop, label %done
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %next ]
  %k64 = zext i32 %k to i64
  %op = getelementptr i32, ptr addrspace(1) %ops, i64 %k64
  %wb = load i32, ptr addrspace(1) %op, align 4
  %w = bitcast i32 %wb to float
  store volatile i32 %m, ptr addrspace(1) %p, align 4
  %old = atomicrmw $op ptr addrspace(1) %p, float %w ${ss}monotonic, align 4
  %nb = load volatile i32, ptr addrspace(1) %p, align 4
  %ob = bitcast float %old to i32
  %ef = $op float %mf, %w
  %eb = bitcast float %ef to i32
  %same = icmp eq i32 %nb, %eb
  %nn = call i1 @isnan(i32 %nb)
  %en = call i1 @isnan(i32 %eb)
  %bothnan = and i1 %nn, %en
  %newok = or i1 %same, %bothnan
  %oldok = icmp eq i32 %ob, %m
  %ok = and i1 %newok, %oldok
  br i1 %ok, label %next, label %fail
fail:
  %c = atomicrmw add ptr addrspace(1) %bad, i64 1 monotonic, align 8
  %isfirst = icmp eq i64 %c, 0
  br i1 %isfirst, label %record, label %next
record:
  store i32 %i, ptr addrspace(1) %first, align 4
  %f1 = getelementptr i32, ptr addrspace(1) %first, i64 1
  store i32 %k, ptr addrspace(1) %f1, align 4
  br label %next
next:
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, %nops
  br i1 %more, label %loop, label %done
done:
  ret void
}
IR
    for used in 0 1; do
      store=''
      if [ $used = 1 ]; then
        store='  %q = getelementptr float, ptr addrspace(1) %olds, i64 %i64
  store float %old, ptr addrspace(1) %q, align 4'
      fi
      cat <<IR

define ptx_kernel void @b_${op}_${scope}_${used}(ptr addrspace(1) %out, ptr addrspace(1) %vals, i32 %n, i32 %mask, ptr addrspace(1) %olds) #0 {
entry:
  %i = call i32 @gid()
  %in = icmp ult i32 %i, %n
  br i1 %in, label %go, label %done
go:
  %i64 = zext i32 %i to i64
  %vp = getelementptr float, ptr addrspace(1) %vals, i64 %i64
  %v = load float, ptr addrspace(1) %vp, align 4
  %a = and i32 %i, %mask
  %a64 = zext i32 %a to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %a64
  %old = atomicrmw $op ptr addrspace(1) %p, float %v ${ss}monotonic, align 4
$store
  br label %done
done:
  ret void
}
IR
    done
  done
done
cat <<'IR'

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx84" }
IR
