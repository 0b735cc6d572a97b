#!/bin/sh
# How this folder's kernels were built (from the repository root, at the
# commit that adds aggregate=auto): the matrix IR, and a copy of it whose
# k_* kernels update mem[0] (`and i32 0, %amask` for `and i32 %i, %amask`),
# so that after -O2 their address is the kernel's pointer argument, the
# same in every lane without a test. Run on the GPU with
#   sh run-matrix.sh run . --ops fmin,fmax,fminimum,fmaximum \
#     --types float,double --addresses 1 [--cold-mib 512]
# (one address: mem[0] is then what the host checks).
set -eu
D=${1:-.carry/uni}
P=$PWD/build/pass/FPAtomics.so
mkdir -p "$D"
sh bench/gen-matrix-ir.sh >"$D/matrix.ll"
python3 - "$D" <<'PY'
import re, sys
d = sys.argv[1]
out, cur = [], None
for line in open(d + "/matrix.ll").read().split("\n"):
    m = re.match(r"define ptx_kernel void @(\w+)\(", line)
    if m:
        cur = m.group(1)
    if cur and cur.startswith("k_") and line.strip() == "%a = and i32 %i, %amask":
        line = "  %a = and i32 0, %amask"
    out.append(line)
open(d + "/matrix-static.ll", "w").write("\n".join(out))
PY
cc() { clang-22 -target nvptx64-nvidia-cuda -march=sm_90 -O2 -S "$@"; }
cc "$D/matrix.ll" -o "$D/llvm.ptx"
cp "$D/llvm.ptx" "$D/llvm-copy.ptx"
cc "$D/matrix.ll" -o "$D/fpa.ptx" -fpass-plugin="$P"
cc "$D/matrix-static.ll" -o "$D/fpa-static.ptx" -fpass-plugin="$P" \
  -mllvm -fpa-report="$D/fpa-static.report"
cc "$D/matrix-static.ll" -o "$D/fpa-static-none.ptx" -fpass-plugin="$P" \
  -mllvm -fpa-aggregate=none
cc "$D/matrix.ll" -o "$D/fpa-warp-pre.ptx" -fpass-plugin="$P" \
  -mllvm -fpa-aggregate=warp -mllvm -fpa-warp-precheck=all
cc "$D/matrix.ll" -o "$D/fpa-warp.ptx" -fpass-plugin="$P" \
  -mllvm -fpa-aggregate=warp
cp build/tools/fpa-bench bench/run-matrix.sh "$D/"
