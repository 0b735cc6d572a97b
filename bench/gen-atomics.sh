#!/bin/sh
# Writes an NVPTX module with N floating-point atomicrmw to stdout, for
# compile-time measurements (bench/compile-time.sh).
#
#   bench/gen-atomics.sh N [PER_KERNEL [PER_GROUP [SEED]]]
#                     (defaults: PER_KERNEL 100, PER_GROUP 10, SEED 1; SEED < 2^31 - 1)
#
# Shape: ceil(N / PER_KERNEL) ptx_kernel functions ("target-cpu"="sm_90",
# "target-features"="+ptx84"), each with PER_KERNEL atomics (the last one
# with the rest). A kernel computes a thread index, then runs groups of
# PER_GROUP atomics, one basic block a group; every other group sits under a
# data-dependent branch. Per atomic:
# a load of its operand from %in, an fmul and an fadd on it, an index
# computation (add, and, gep), then the atomicrmw. Used results are summed
# per type within a group and the sums are stored to %out at the group's end.
# Each atomic draws, from a fixed pseudo-random sequence (Park-Miller, exact
# in any awk, so the output depends only on N, PER_KERNEL and SEED):
#   op        fmin 25%, fmax 25%, fadd 20%, fsub 10%, fminimum 10%, fmaximum 10%
#   type      float 50%, double 30%, half 20%
#   memory    global 60%, shared 25% (module arrays), generic 15%
#   ordering  monotonic 70%, seq_cst 15%, acquire, release, acq_rel 5% each
#   syncscope system 40%, "device" 30%, "block" 25%, "cluster" 5%
#   result    used 40%, unused 60%
# The first line is a comment with the parameters of the module.
set -eu
usage() {
  echo "usage: $0 N [PER_KERNEL [PER_GROUP [SEED]]]" >&2
  exit 2
}
if [ $# -lt 1 ] || [ $# -gt 4 ]; then usage; fi
n=$1 per=${2:-100} group=${3:-10} seed=${4:-1}
for v in "$n" "$per" "$group" "$seed"; do
  case $v in '' | *[!0-9]*) usage ;; esac
  if [ "$v" -lt 1 ]; then usage; fi
done
if [ "$seed" -ge 2147483647 ]; then usage; fi

exec awk -v N="$n" -v PER="$per" -v GROUP="$group" -v SEED="$seed" '
function rnd() { state = (state * 16807) % 2147483647; return state % 100 }
function pick(names, cum, k,    r, i) {
  r = rnd()
  for (i = 1; i <= k; ++i) if (r < cum[i]) return names[i]
  return names[k]
}
BEGIN {
  state = SEED
  split("fmin fmax fadd fsub fminimum fmaximum", ops, " ")
  split("25 50 70 80 90 100", opc, " ")
  split("float double half", tys, " ")
  split("50 80 100", tyc, " ")
  split("global shared generic", mems, " ")
  split("60 85 100", memc, " ")
  split("monotonic seq_cst acquire release acq_rel", ords, " ")
  split("70 85 90 95 100", ordc, " ")
  split("system device block cluster", scs, " ")
  split("40 70 95 100", scc, " ")
  C1["float"] = "1.500000e+00"; C2["float"] = "-2.500000e-01"
  C1["double"] = "1.500000e+00"; C2["double"] = "-2.500000e-01"
  C1["half"] = "0xH3E00"; C2["half"] = "0xHB400"
  SZ["float"] = 4; SZ["double"] = 8; SZ["half"] = 2
  kernels = int((N + PER - 1) / PER)
  printf "; fpa-gen-atomics: atomics=%d kernels=%d per_kernel=%d per_group=%d seed=%d\n", N, kernels, PER, GROUP, SEED
  print "target datalayout = \"e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64\""
  print "target triple = \"nvptx64-nvidia-cuda\""
  print ""
  print "@shared_float = internal addrspace(3) global [1024 x float] poison, align 4"
  print "@shared_double = internal addrspace(3) global [1024 x double] poison, align 8"
  print "@shared_half = internal addrspace(3) global [1024 x half] poison, align 2"
  print ""
  print "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()"
  print "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()"
  print "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()"
  left = N
  for (k = 0; k < kernels; ++k) {
    count = left < PER ? left : PER
    left -= count
    kernel(k, count)
  }
  print ""
  print "attributes #0 = { nounwind \"target-cpu\"=\"sm_90\" \"target-features\"=\"+ptx84\" }"
}
function kernel(k, count,    g, groups, j, a, base, t, op, mem, ord, sc, used, ptr, v, nt, tt, cond) {
  print ""
  printf "define ptx_kernel void @kernel%d(ptr addrspace(1) noalias %%in, ptr addrspace(1) %%gbuf, ptr %%gen, ptr addrspace(1) noalias %%out, float %%thr) #0 {\n", k
  print "entry:"
  print "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()"
  print "  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()"
  print "  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()"
  print "  %blk = mul i32 %ctaid, %ntid"
  print "  %gid = add i32 %blk, %tid"
  print "  %i = zext i32 %gid to i64"
  groups = int((count + GROUP - 1) / GROUP)
  a = 0
  print "  br label %g0"
  for (g = 0; g < groups; ++g) {
    printf "g%d:\n", g
    cond = g % 2 == 1
    if (cond) {
      printf "  %%c%d.i = add i64 %%i, %d\n", g, g * 37
      printf "  %%c%d.p = getelementptr inbounds float, ptr addrspace(1) %%in, i64 %%c%d.i\n", g, g
      printf "  %%c%d.x = load float, ptr addrspace(1) %%c%d.p, align 4\n", g, g
      printf "  %%c%d = fcmp olt float %%c%d.x, %%thr\n", g, g
      printf "  br i1 %%c%d, label %%g%d.body, label %%g%d.end\n", g, g, g
      printf "g%d.body:\n", g
    }
    split("", acc)
    for (j = 0; j < GROUP && a < count; ++j) {
      op = pick(ops, opc, 6)
      t = pick(tys, tyc, 3)
      mem = pick(mems, memc, 3)
      ord = pick(ords, ordc, 5)
      sc = pick(scs, scc, 4)
      used = rnd() < 40
      v = "a" a
      printf "  %%%s.xi = add i64 %%i, %d\n", v, a * 3 + 1
      printf "  %%%s.xp = getelementptr inbounds %s, ptr addrspace(1) %%in, i64 %%%s.xi\n", v, t, v
      printf "  %%%s.x = load %s, ptr addrspace(1) %%%s.xp, align %d\n", v, t, v, SZ[t]
      printf "  %%%s.m = fmul %s %%%s.x, %s\n", v, t, v, C1[t]
      printf "  %%%s.v = fadd %s %%%s.m, %s\n", v, t, v, C2[t]
      printf "  %%%s.o0 = add i64 %%i, %d\n", v, a * 131
      printf "  %%%s.o = and i64 %%%s.o0, 1023\n", v, v
      if (mem == "global") {
        ptr = "ptr addrspace(1)"
        printf "  %%%s.p = getelementptr inbounds %s, ptr addrspace(1) %%gbuf, i64 %%%s.o\n", v, t, v
      } else if (mem == "shared") {
        ptr = "ptr addrspace(3)"
        printf "  %%%s.p = getelementptr inbounds [1024 x %s], ptr addrspace(3) @shared_%s, i64 0, i64 %%%s.o\n", v, t, t, v
      } else {
        ptr = "ptr"
        printf "  %%%s.p = getelementptr inbounds %s, ptr %%gen, i64 %%%s.o\n", v, t, v
      }
      printf "  %satomicrmw %s %s %%%s.p, %s %%%s.v%s %s, align %d\n", \
        used ? "%" v ".r = " : "", op, ptr, v, t, v, \
        sc == "system" ? "" : " syncscope(\"" sc "\")", ord, SZ[t]
      if (used) {
        if (t in acc) {
          printf "  %%%s.s = fadd %s %%%s, %%%s.r\n", v, t, acc[t], v
          acc[t] = v ".s"
        } else {
          acc[t] = v ".r"
        }
      }
      ++a
    }
    for (nt = 1; nt <= 3; ++nt) {
      tt = tys[nt]
      if (!(tt in acc)) continue
      printf "  %%g%d.%s.o = add i64 %%i, %d\n", g, tt, g * 4096
      printf "  %%g%d.%s.q = getelementptr inbounds %s, ptr addrspace(1) %%out, i64 %%g%d.%s.o\n", g, tt, tt, g, tt
      printf "  store %s %%%s, ptr addrspace(1) %%g%d.%s.q, align %d\n", tt, acc[tt], g, tt, SZ[tt]
    }
    if (cond) {
      printf "  br label %%g%d.end\n", g
      printf "g%d.end:\n", g
    }
    if (g + 1 < groups)
      printf "  br label %%g%d\n", g + 1
    else
      print "  ret void"
  }
  if (groups == 0)
    print "  ret void"
  print "}"
}'
