#!/bin/sh
# The guarded f32 add on a GPU (bench/fadd/README.md):
#   sh bench/fadd/run.sh build BUILD OUTDIR   here: IR (gen-ir.sh), llvm.ptx
#                                             (llc-22 alone) and fpa.ptx
#                                             (BUILD/tools/fpa-opt, default
#                                             options, then llc-22), fadd-gpu
#   sh OUTDIR/run.sh run OUTDIR [ULPS [REPS]] on the GPU machine: the
#                                             exactness run, then the
#                                             throughput cells; output to
#                                             $OUT (or OUTDIR)
set -eu
cmd=${1:-}
case "$cmd" in
build)
  build=$2 out=$3
  here=$(dirname "$0")
  mkdir -p "$out"
  sh "$here/gen-ir.sh" >"$out/fadd.ll"
  "$build/tools/fpa-opt" "$out/fadd.ll" -o "$out/fadd.fpa.ll" --report="$out/report.txt"
  llc-22 -O3 -mcpu=sm_90 -mattr=+ptx84 "$out/fadd.ll" -o "$out/llvm.ptx"
  llc-22 -O3 -mcpu=sm_90 -mattr=+ptx84 "$out/fadd.fpa.ll" -o "$out/fpa.ptx"
  /usr/local/cuda/bin/ptxas -arch=sm_90 "$out/llvm.ptx" -o /dev/null
  /usr/local/cuda/bin/ptxas -arch=sm_90 "$out/fpa.ptx" -o /dev/null
  cc -O2 -std=c11 -Wall -Wextra -I/usr/local/cuda/include "$here/fadd-gpu.c" \
    -o "$out/fadd-gpu" -L/usr/local/cuda/lib64/stubs -lcuda
  cp "$0" "$out/run.sh"
  ;;
run)
  dir=$2 ulps=${3:-65536} reps=${4:-7}
  res=${OUT:-$dir}
  export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$res/gpu.txt" 2>&1 || true
  date -u +"%Y-%m-%dT%H:%M:%SZ" >"$res/started.txt"
  "$dir/fadd-gpu" exact "$dir" "$ulps" >"$res/exact.txt" 2>&1 || echo "exact: exit $?" >>"$res/exact.txt"
  "$dir/fadd-gpu" bench "$dir" "$reps" >"$res/bench.csv" 2>&1 || echo "bench: exit $?" >>"$res/bench.csv"
  date -u +"%Y-%m-%dT%H:%M:%SZ" >>"$res/started.txt"
  tail -n 3 "$res/exact.txt"
  ;;
*)
  echo "usage: run.sh build BUILD OUTDIR | run OUTDIR [ULPS [REPS]]" >&2
  exit 2
  ;;
esac
