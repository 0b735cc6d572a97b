#!/bin/sh
# The GPU throughput matrix (docs/benchmarks.md), in three phases:
#
#   bench/run-matrix.sh build OUTDIR        here: IR from gen-matrix-ir.sh,
#                                           PTX per variant (clang-22, with
#                                           and without the plugin), the
#                                           fpa-bench driver, Triton script
#   bench/run-matrix.sh run OUTDIR [ARGS]   on the GPU machine (no LLVM
#                                           needed): fpa-bench over every
#                                           variant, with --settle 3 (more
#                                           rounds while a -copy control is
#                                           off by more than 3%); ARGS go to
#                                           fpa-bench after it (e.g. --ops
#                                           fmin,fmax; --lead 1: each
#                                           variant from its own hint);
#                                           writes OUTDIR/matrix-*.csv
#   bench/run-matrix.sh triton OUTDIR [ARGS] on the GPU machine: the Triton
#                                           variant (bench/triton_bench.py;
#                                           ARGS go to it: --ptx fpa=fpa.ptx
#                                           --copy times the default and an
#                                           identical Triton copy in turns
#                                           with Triton, in one process)
#   bench/run-matrix.sh merge NAME CSV...   here: one bench/results/NAME.csv
#                                           (and NAME-cells.csv) from the
#                                           runs' files (NAME: DATE-GPU)
#
# Variants (each compiled from the same IR):
#   llvm                 clang-22 -O2, no plugin: LLVM 22's own lowering
#   fpa                  the plugin, default options (exact)
#   fpa-copy             fpa's PTX again: the identical-code control (the
#                        default's hint in shared memory outlives a launch)
#   fpa-loop             minmax=loop, add=loop: the cmpxchg-loop strategy
#                        (fminimum/fmaximum: fpa is already the loop)
#   fpa-precheck         precheck=on (fmin/fmax)
#   fpa-nanfree          assume=nan-free-memory (min/max family; opt-in)
#   fpa-nanfree-precheck both (fminimum/fmaximum)
#   fpa-flush            assume=subnormal-flush (fsub; opt-in)
#   header-nvcc          <fpatomics/cuda.h> under nvcc: bench/header-matrix.cu
#                        (atomicMin/atomicMax/atomicSub, float and double)
#   header-cas           the same with FPATOMICS_CUDA_CAS_LOOP: the header's
#                        compare-and-swap loop alone (its old fallback)
#   int-limit            the raw integer atomic on the same bits (i_* kernels)
#   int-ret              min/max, result unused: that atomic with its old
#                        value waited for (r_* kernels), as an exact
#                        lowering must wait for it
# EXTRA_VARIANTS adds lines "name|ops|options|types" to the list below;
# options: plugin options, "none" (clang-22 without the plugin), "nvcc
# [ARGS]" (bench/header-matrix.cu with nvcc: NVCC, default
# $CUDA_PATH/bin/nvcc) or "copy NAME" (NAME's PTX again under another name:
# an identical-code control). ONLY='NAME ...' keeps only those variants, in
# the list's order (llvm first: its module has the fill, smemfill and i_*
# kernels).
set -eu
usage() {
  sed -n '2,51p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 2 ] || usage
phase=$1
out=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)

# name|ops|options|types (empty ops or types: all)
VARIANTS='llvm||none
fpa||
fpa-copy||copy fpa
fpa-loop|fmin,fmax,fadd,fsub|-fpa-minmax=loop -fpa-add=loop
fpa-precheck|fmin,fmax|-fpa-precheck=on
fpa-nanfree|fmin,fmax,fminimum,fmaximum|-fpa-assume=nan-free-memory
fpa-nanfree-precheck|fminimum,fmaximum|-fpa-assume=nan-free-memory -fpa-precheck=on
fpa-flush|fsub|-fpa-assume=subnormal-flush
header-nvcc|fmin,fmax,fsub|nvcc|float,double
header-cas|fmin,fmax,fsub|nvcc -DFPATOMICS_CUDA_CAS_LOOP|float,double'
VARIANTS="$VARIANTS${EXTRA_VARIANTS:+
$EXTRA_VARIANTS}"

case $phase in
build)
  mkdir -p "$out"
  clang=${CLANG:-clang-22}
  plugin=${PLUGIN:-$root/build/pass/FPAtomics.so}
  nvcc=${NVCC:-${CUDA_PATH:-/usr/local/cuda}/bin/nvcc}
  sh "$root/bench/gen-matrix-ir.sh" >"$out/matrix.ll"
  : >"$out/variants.txt"
  echo "$VARIANTS" | while IFS='|' read -r name ops opts types; do
    [ -n "$name" ] || continue
    if [ -n "${ONLY:-}" ]; then
      case " $ONLY " in *" $name "*) ;; *) continue ;; esac
    fi
    case $opts in
    none)
      $clang -target nvptx64-nvidia-cuda -march=sm_90 -O2 -S \
        "$out/matrix.ll" -o "$out/$name.ptx"
      ;;
    nvcc | "nvcc "*)
      # shellcheck disable=SC2086
      "$nvcc" -arch=sm_90 -O2 -ptx -I"$root/include" ${opts#nvcc} \
        "$root/bench/header-matrix.cu" -o "$out/$name.ptx"
      ;;
    "copy "*)
      cp "$out/${opts#copy }.ptx" "$out/$name.ptx"
      ;;
    *)
      mllvm=
      for o in $opts; do mllvm="$mllvm -mllvm $o"; done
      # shellcheck disable=SC2086
      $clang -target nvptx64-nvidia-cuda -march=sm_90 -O2 -S \
        "$out/matrix.ll" -o "$out/$name.ptx" -fpass-plugin="$plugin" \
        $mllvm -mllvm -fpa-report="$out/$name.report"
      ;;
    esac
    echo "$name=$name.ptx${ops:+@$ops}${types:+:$types}" >>"$out/variants.txt"
  done
  cp "$root/build/tools/fpa-bench" "$0" "$out/"
  for f in triton_bench.py benchdata.py; do
    [ -f "$root/bench/$f" ] && cp "$root/bench/$f" "$out/"
  done
  echo "built $(wc -l <"$out/variants.txt") variants in $out"
  ;;
run)
  cd "$out"
  tag=$(date -u +%H%M%S)
  args=
  while read -r v; do args="$args --variant $v"; done <variants.txt
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo unknown GPU)"
  # shellcheck disable=SC2086
  ./fpa-bench $args --int-limit llvm --settle 3 --out "matrix-$tag.csv" \
    --cells "cells-$tag.csv" "$@"
  cat "matrix-$tag.csv"
  ;;
triton)
  cd "$out"
  tag=$(date -u +%H%M%S)
  python3 triton_bench.py --out "triton-$tag.csv" \
    --cells "triton-cells-$tag.csv" "$@"
  cat "triton-$tag.csv"
  ;;
merge)
  dest=$root/bench/results/$out.csv
  cells=$root/bench/results/$out-cells.csv
  {
    grep -h '^#' "$@" | grep -v '^# triton:' | sort -u
    grep -h '^# triton:' "$@" | sort -u || true
    echo "op,type,addresses,data,result_used,variant,gupdates_per_s"
    for f in "$@"; do
      case $f in *cells*) ;; *) grep -v '^#' "$f" | grep -v '^op,' ;; esac
    done
  } >"$dest"
  {
    echo "op,type,addresses,data,result_used,variant,updates,launches,ms_median,check"
    for f in "$@"; do
      case $f in *cells*) grep -v '^#' "$f" | grep -v '^op,' ;; esac
    done
  } >"$cells"
  echo "wrote $dest and $cells"
  ;;
*) usage ;;
esac
