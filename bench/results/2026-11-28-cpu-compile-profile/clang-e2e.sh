#!/usr/bin/env bash
# clang-e2e.sh PLUGIN REPS: CUDA device code to PTX with clang-22 -O2, with
# and without the plugin (-fpass-plugin), interleaved (b c, then c b),
# REPS runs each per file; prints the user+sys time of every run, the
# medians and the minima (on the 2-core VM the times of one command fall
# into two groups, about 1.6 times apart). Run from the repository root.
set -euo pipefail
plugin=$1 reps=$2
cuda=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda --cuda-device-only -O2 -S -Iinclude -o /dev/null)
t() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -n 1 | awk '{printf "%.3f", $1 + $2}'; }
for src in examples/cuda/minmax.cu test/e2e/Inputs/kernels.cu test/e2e/Inputs/warp.cu; do
  b=() c=()
  for ((r = 1; r <= reps; ++r)); do
    if ((r % 2)); then order="b c"; else order="c b"; fi
    for v in $order; do
      case $v in
      b) b+=("$(t clang-22 -Wno-unknown-cuda-version "${cuda[@]}" "$src")") ;;
      c) c+=("$(t clang-22 -Wno-unknown-cuda-version "${cuda[@]}" -fpass-plugin="$plugin" "$src")") ;;
      esac
    done
  done
  mb=$(printf '%s\n' "${b[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  mc=$(printf '%s\n' "${c[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
  nb=$(printf '%s\n' "${b[@]}" | sort -n | head -n 1)
  nc=$(printf '%s\n' "${c[@]}" | sort -n | head -n 1)
  echo "# $src b: ${b[*]}"
  echo "# $src c: ${c[*]}"
  awk -v s="$src" -v b="$mb" -v c="$mc" -v nb="$nb" -v nc="$nc" 'BEGIN{printf "%-28s median: clang -O2 %.3f s, with the plugin %.3f s, %+.1f%%; minimum: %.3f s, %.3f s, %+.1f%%\n", s, b, c, 100*(c-b)/b, nb, nc, 100*(nc-nb)/nb}'
done
