#!/bin/sh
# The <fpatomics/cuda.h> row of the throughput matrix (docs/cuda-header.md):
# the header under nvcc beside the plugin's default, LLVM's own lowering and
# the header's old compare-and-swap fallback, interleaved cell by cell in
# one fpa-bench process.
#
#   bench/header-bench.sh build OUTDIR       here (clang-22, plugin, nvcc):
#                                            run-matrix.sh build with the
#                                            variants below
#   sh OUTDIR/header-bench.sh run OUTDIR warm|cold [ARGS]
#                                            on the GPU machine: fmin, fmax,
#                                            fsub on float and double at 1,
#                                            32, 4096 and 2^24 addresses,
#                                            random, positive and descending
#                                            data, result unused and used;
#                                            cold: fpa-bench --cold (256 MiB
#                                            written between each reset and
#                                            launch). ARGS go to fpa-bench.
#                                            Writes header-MODE.csv and
#                                            header-MODE-cells.csv to $OUT
#                                            (or OUTDIR) and prints the CSV.
#
# Variants (bench/run-matrix.sh has their definitions):
#   llvm               clang-22 -O2 without the plugin (atomicrmw fmin/fmax:
#                      LLVM 22's cmpxchg loop; fsub: its loop)
#   fpa                clang-22 with the plugin, default options
#   header-nvcc        bench/header-matrix.cu under nvcc: the header's
#                      integer atomics and guarded native add
#   header-nvcc-copy   the same PTX again: an identical-code control (the
#                      spread between it and header-nvcc is the noise)
#   header-cas         the same source with FPATOMICS_CUDA_CAS_LOOP: the
#                      header's compare-and-swap loop alone
#   int-limit          the raw integer atomic on the same bits
set -eu
[ $# -ge 2 ] || {
  sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
phase=$1
dir=$2
shift 2

case $phase in
build)
  root=$(cd "$(dirname "$0")/.." && pwd)
  ONLY='llvm fpa header-nvcc header-nvcc-copy header-cas' \
    EXTRA_VARIANTS='header-nvcc-copy|fmin,fmax,fsub|copy header-nvcc|float,double' \
    sh "$root/bench/run-matrix.sh" build "$dir"
  cp "$0" "$dir/header-bench.sh"
  echo "on the GPU machine: sh $dir/header-bench.sh run $dir warm (then cold)"
  ;;
run)
  [ $# -ge 1 ] || { echo "header-bench: run OUTDIR warm|cold" >&2; exit 2; }
  mode=$1
  shift
  case $mode in
  warm) cold= ;;
  cold) cold=--cold ;;
  *) echo "header-bench: warm or cold, not $mode" >&2; exit 2 ;;
  esac
  dest=${OUT:-$dir}
  mkdir -p "$dest"
  dest=$(cd "$dest" && pwd)
  cd "$dir"
  args=
  while read -r v; do args="$args --variant $v"; done <variants.txt
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo unknown GPU), $mode"
  # shellcheck disable=SC2086
  ./fpa-bench $args --int-limit llvm --ops fmin,fmax,fsub \
    --types float,double --data random,positive,descending \
    --warmup 1 --max-launch-ms 20 $cold \
    --out "$dest/header-$mode.csv" --cells "$dest/header-$mode-cells.csv" "$@"
  cat "$dest/header-$mode.csv"
  ;;
*)
  echo "header-bench: build or run, not $phase" >&2
  exit 2
  ;;
esac
