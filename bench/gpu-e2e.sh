#!/bin/sh
# End-to-end kernels on an NVIDIA GPU (test/e2e/README.md).
#
#   bench/gpu-e2e.sh compile OUTDIR   PTX only (kernels, minimum, block,
#                                     and the header kernels)
#   bench/gpu-e2e.sh build OUTDIR     on the build machine: PTX, the static
#                                     reference program, fpa-run and the
#                                     runner, in OUTDIR (small enough to copy)
#   bench/gpu-e2e.sh run OUTDIR       on the GPU machine (no LLVM or compiler
#                                     needed): runs every kernel with
#                                     fpa-run --backend=cuda and checks it;
#                                     generates inputs/expected files first
#
# build uses, overridable by environment: CLANG (clang-22), PLUGIN
# (build/pass/FPAtomics.so), FPA_RUN (build/tools/fpa-run), CUDA_PATH
# (/usr/local/cuda), NVCC ($CUDA_PATH/bin/nvcc), CC (cc), SM (90).
#
# The PTX comes from test/e2e/Inputs/kernels.cu compiled the way a user
# would: clang-22 --cuda-device-only -O2 -S -fpass-plugin. Two more modules
# come from the same source's IR, because no CUDA spelling reaches them in
# clang-22: minimum.ptx (every atomicrmw fmin/fmax turned into
# fminimum/fmaximum) and block.ptx (every atomicrmw put under
# syncscope("block"): clang-22 drops __MEMORY_SCOPE_WRKGRP for NVPTX). Each
# is then lowered by the plugin from that IR.
#
# The kernels of <fpatomics/cuda.h> (test/e2e/Inputs/header.cu) are built
# three ways: header.ptx (clang-22 with the plugin), header-noplugin.ptx
# (clang-22 alone: the header's own definitions) and header-nvcc.ptx (nvcc:
# the same, inlined); Inputs/run-header.sh runs and checks all three, and
# compares the final memory of the last two with header.ptx's bit for bit.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
inputs=$root/test/e2e/Inputs

usage() {
  echo "usage: $0 compile|build|run OUTDIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
phase=$1
out=$2

compile() {
  clang=${CLANG:-clang-22}
  plugin=${PLUGIN:-$root/build/pass/FPAtomics.so}
  cuda=${CUDA_PATH:-/usr/local/cuda}
  sm=${SM:-90}
  mkdir -p "$out"
  common="-x cuda --cuda-device-only -O2 --cuda-gpu-arch=sm_$sm --cuda-path=$cuda -Wno-unknown-cuda-version"
  # shellcheck disable=SC2086
  "$clang" $common -S "$inputs/kernels.cu" -o "$out/kernels.ptx" \
    -fpass-plugin="$plugin" -mllvm -fpa-report="$out/kernels.report"
  # shellcheck disable=SC2086
  "$clang" $common -S -emit-llvm "$inputs/kernels.cu" -o "$out/pre.ll"
  sed -e 's/atomicrmw fmin /atomicrmw fminimum /' \
      -e 's/atomicrmw fmax /atomicrmw fmaximum /' "$out/pre.ll" >"$out/minimum.ll"
  sed -E 's/(atomicrmw [a-z]+ ptr( addrspace\([0-9]+\))? [^,]+, [a-z0-9]+ [^ ]+) (monotonic|acquire|release|acq_rel|seq_cst)/\1 syncscope("block") \3/' \
    "$out/pre.ll" >"$out/block.ll"
  grep -q 'atomicrmw fminimum' "$out/minimum.ll"
  grep -q 'syncscope("block")' "$out/block.ll"
  for m in minimum block; do
    "$clang" -target nvptx64-nvidia-cuda -march=sm_$sm -O2 -S "$out/$m.ll" \
      -o "$out/$m.ptx" -fpass-plugin="$plugin" \
      -mllvm -fpa-report="$out/$m.report" -Wno-override-module
  done
  # shellcheck disable=SC2086
  "$clang" $common -I"$root/include" -S "$inputs/header.cu" \
    -o "$out/header.ptx" -fpass-plugin="$plugin" \
    -mllvm -fpa-report="$out/header.report"
  # shellcheck disable=SC2086
  "$clang" $common -I"$root/include" -S "$inputs/header.cu" \
    -o "$out/header-noplugin.ptx"
  nvcc=${NVCC:-$cuda/bin/nvcc}
  if [ -x "$nvcc" ]; then
    "$nvcc" -arch=sm_"$sm" -O2 -ptx -I"$root/include" "$inputs/header.cu" \
      -o "$out/header-nvcc.ptx"
  else
    echo "gpu-e2e: no nvcc at $nvcc: header-nvcc.ptx not built" >&2
  fi
}

case $phase in
  compile)
    compile
    ;;
  build)
    compile
    cc=${CC:-cc}
    # Static if the C library allows it, so that it runs anywhere.
    "$cc" -std=c11 -O2 -static -o "$out/ref" "$inputs/ref.c" 2>/dev/null ||
      "$cc" -std=c11 -O2 -o "$out/ref" "$inputs/ref.c"
    "$cc" -std=c11 -O2 -static -o "$out/header-ref" "$inputs/header-ref.c" \
      2>/dev/null ||
      "$cc" -std=c11 -O2 -o "$out/header-ref" "$inputs/header-ref.c"
    # The inputs (hundreds of MB at GPU size) are generated on the GPU
    # machine by the same static program, at the start of `run`.
    cp "${FPA_RUN:-$root/build/tools/fpa-run}" "$out/fpa-run"
    cp "$inputs/run-all.sh" "$out/run-all.sh"
    cp "$inputs/run-header.sh" "$out/run-header.sh"
    cp "$0" "$out/gpu-e2e.sh"
    echo "built $out; on the GPU machine run: sh $out/gpu-e2e.sh run $out"
    ;;
  run)
    dir=$(cd "$out" && pwd)
    if [ ! -f "$dir/.generated" ]; then
      "$dir/ref" gen "$dir" gpu
      touch "$dir/.generated"
    fi
    runner=$dir/run-all.sh
    [ -f "$runner" ] || runner=$inputs/run-all.sh
    status=0
    sh "$runner" cuda "$dir" || status=1
    runner=$dir/run-header.sh
    [ -f "$runner" ] || runner=$inputs/run-header.sh
    sh "$runner" cuda "$dir" || status=1
    if [ $status -eq 0 ]; then
      echo "gpu-e2e: PASS (every kernel)"
    else
      echo "gpu-e2e: FAIL (see the FAIL lines above)"
    fi
    exit $status
    ;;
  *) usage ;;
esac
