#!/bin/sh
# fmin/fmax throughput on an NVIDIA GPU: LLVM 22's lowering (llvm), fpatomics
# (fpa, exact), fpatomics under assume=nan-free-memory (fpa-nanfree; the data
# here holds no NaN, so the assumption holds) and the raw integer atomic
# (int-limit), side by side in one run.
#
#   bench/run-minmax.sh build OUTDIR   here: PTX with and without the plugin,
#                                      fpa-run, this script
#   bench/run-minmax.sh run OUTDIR     on the GPU machine
#
# 2^24 updates a launch, 256 threads a block, median of 7 timed launches after
# 2 warm-up launches (fpa-run --repeat=7 --warmup=2 --time, device events).
# Each launch starts from the same buffer. After the timing, the llvm and fpa
# results of every cell are compared bit for bit (both are exact, so they
# must agree); a mismatch marks the cell BAD.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 build|run OUTDIR" >&2; exit 2; }
phase=$1 out=$2
case $phase in
build)
  root=$(cd "$(dirname "$0")/.." && pwd)
  mkdir -p "$out"
  common="-x cuda --cuda-device-only -O2 --cuda-gpu-arch=sm_90 --cuda-path=${CUDA_PATH:-/usr/local/cuda} -Wno-unknown-cuda-version -S"
  # shellcheck disable=SC2086
  ${CLANG:-clang-22} $common "$root/bench/minmax.cu" -o "$out/llvm.ptx"
  # shellcheck disable=SC2086
  ${CLANG:-clang-22} $common "$root/bench/minmax.cu" -o "$out/fpa.ptx" \
    -fpass-plugin="$root/build/pass/FPAtomics.so"
  # The opt-in mode that assumes memory holds no NaN it did not store.
  # shellcheck disable=SC2086
  ${CLANG:-clang-22} $common "$root/bench/minmax.cu" -o "$out/fpa-nanfree.ptx" \
    -fpass-plugin="$root/build/pass/FPAtomics.so" -mllvm -fpa-assume=nan-free-memory
  cp "$root/build/tools/fpa-run" "$0" "$out/"
  ;;
run)
  d=$(cd "$out" && pwd)
  N=16777216
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
  echo "# command: $0 run $out"
  echo "op,data,addresses,variant,ms_median,gupdates_per_s,check"
  for op in fmin fmax; do
    for mode in 0 1 2; do
      case $mode in 0) data=random ;; 1) data=descending ;; 2) data=positive ;; esac
      for A in 1 32 4096 16777216; do
        grid=$((N / 256))
        init=inf; [ $op = fmax ] && init=-inf
        for v in llvm fpa fpa-nanfree int-limit; do
          kern=bench_$op ptx=$d/$v.ptx ty=f32 fill="fill=$init"
          if [ $v = int-limit ]; then
            [ $op = fmin ] || continue
            kern=bench_imin ptx=$d/fpa.ptx ty=i32 fill="fill=2147483647"
          fi
          log=$("$d/fpa-run" --backend=cuda --kernel=$kern --grid=$grid --block=256 \
            --arg=buf:$ty:$A:$fill --arg=u32:$N --arg=u32:$A --arg=i32:$mode \
            --warmup=2 --repeat=7 --time --out=0:"$d/out-$v.bin" "$ptx" 2>&1) || {
            echo "$op,$data,$A,$v,,,ERROR"; echo "$log" | sed 's/^/#   /'; continue; }
          ms=$(echo "$log" | sed -n 's/.*median \([0-9.][0-9.]*\) *ms.*/\1/p' | head -n 1)
          check=-
          case $v in fpa*)
            if cmp -s "$d/out-llvm.bin" "$d/out-$v.bin"; then check=same-as-llvm; else check=BAD; fi
          esac
          gups=$(awk -v ms="$ms" -v n=$N 'BEGIN { if (ms > 0) printf "%.3f", n / (ms * 1e6); }')
          echo "$op,$data,$A,$v,$ms,$gups,$check"
        done
      done
    done
  done
  ;;
*) echo "usage: $0 build|run OUTDIR" >&2; exit 2 ;;
esac
