#!/bin/sh
# Compare-and-swap loops on an NVIDIA GPU (docs/raise.md), in two phases:
#
#   bench/raise-gpu.sh build DIR   here (clang-22, the plugin, CUDA headers):
#                                  the PTX, fpa-run, fpa-bench, ref and this
#                                  script, into DIR (small enough to carry)
#   sh DIR/raise-gpu.sh run DIR    on the GPU machine (driver only, no LLVM
#                                  or compiler): e2e, then bench; writes into
#                                  $OUT (default DIR/out), prints a summary
#   sh DIR/raise-gpu.sh e2e DIR    the first part alone
#   sh DIR/raise-gpu.sh bench DIR [ARGS]  the second part alone
#   bench/raise-gpu.sh summary FILE...    the summary of bench CSVs
#
# run does two things:
#  1. End to end: the atomicCAS-loop kernels of test/e2e/Inputs/cas-loops.cu
#     (seed 002's, 003's and 004's shapes, an early exit, 64-bit, a half in
#     a 32-bit word, shared memory, returned old values), compiled by clang-22 with the plugin,
#     each checked against ref.c's expected results for the kernels.cu
#     kernel it mirrors (bit for bit; the old values by ref's
#     linearization check). Log: $OUT/e2e.txt.
#  2. The benchmark row: seed 004's kernel (bench/cas-loop.cu, the matrix's
#     k_fmax_float kernels with the atomic written as an atomicCAS loop) at
#     1, 32, 4096 and 2^24 addresses, random and positive data, result used
#     and unused, timed by fpa-bench with the variants interleaved (one
#     launch each in turn), once warm and once cold (512 MiB written
#     between each reset and launch, more than the L2 cache):
#       llvm        the CAS loop, clang-22 alone (LLVM's lowering)
#       llvm-copy   a byte copy of llvm's PTX: the noise control, whose
#                   ratio to llvm must read 1.00 +- 0.03
#       fpa         the CAS loop, clang-22 with the plugin (raised)
#       rmw         the same kernel with __atomic_fetch_max (seq_cst,
#                   system scope: the same operation as the loop), plugin
#       rmw-relaxed __atomic_fetch_max relaxed (the matrix's ordering), plugin
#     Files: $OUT/bench-{warm,cold}.csv (and -cells.csv), $OUT/summary.txt:
#     fpa/rmw (the goal: >= 0.95 in every cell), llvm-copy/llvm, fpa/llvm.
#     Extra arguments of run go to fpa-bench (e.g. --data random).
#
# build uses, overridable by environment: CLANG (clang-22), PLUGIN
# (build/pass/FPAtomics.so), FPA_RUN (build/tools/fpa-run), FPA_BENCH
# (build/tools/fpa-bench), CUDA_PATH (/usr/local/cuda), CC (cc), SM (90).
set -eu
usage() {
  sed -n '2,44p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 2 ] || usage
phase=$1
dir=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)

# e2e kernels and the kernels.cu kernel whose spec each one takes
E2E="scatter_minmax scatter_minmax_f64 scatter_minmax_f16 histogram
fsub_bins group_then_global_minmax min_olds"

# 1. end to end: each cas_ kernel against ref.c's expected results
e2e() {
  {
    echo "raise-gpu e2e: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
      2>/dev/null || true
  } >"$out/e2e.txt"
  work=$dir/e2e-work # the inputs (hundreds of MB) stay out of $OUT
  mkdir -p "$work"
  "$dir/ref" gen "$work" gpu
  pass=0 fail=0
  for k in $E2E; do
    sed "s/^--kernel=.*/--kernel=cas_$k/" "$work/$k.spec" >"$work/cas_$k.spec"
    extra=
    if [ "$k" = min_olds ]; then
      extra="--out=0:$work/cas_min_olds.m.out --out=1:$work/cas_min_olds.olds.out"
    fi
    # shellcheck disable=SC2086
    if "$dir/fpa-run" --backend=cuda --spec="$work/cas_$k.spec" $extra \
      "$dir/cas-e2e.ptx" >"$work/cas_$k.log" 2>&1 &&
      { [ "$k" != min_olds ] ||
        "$dir/ref" check-olds "$work" cas_min_olds >>"$work/cas_$k.log" 2>&1; }; then
      echo "PASS cas_$k" >>"$out/e2e.txt"
      pass=$((pass + 1))
    else
      echo "FAIL cas_$k" >>"$out/e2e.txt"
      sed 's/^/    /' "$work/cas_$k.log" | head -20 >>"$out/e2e.txt"
      fail=$((fail + 1))
    fi
  done
  echo "e2e: $pass passed, $fail failed" >>"$out/e2e.txt"
  cat "$out/e2e.txt"
  [ "$fail" -eq 0 ]
}

# 2. the benchmark row, warm then cold, and its summary
bench() {
  rc=0
  variants="--variant llvm=$dir/cas-llvm.ptx --variant llvm-copy=$dir/cas-llvm-copy.ptx --variant fpa=$dir/cas-fpa.ptx --variant rmw=$dir/rmw-fpa.ptx --variant rmw-relaxed=$dir/rmw-relaxed-fpa.ptx"
  for cache in warm cold; do
    cold=
    [ $cache = cold ] && cold="--cold-mib 512"
    # shellcheck disable=SC2086
    "$dir/fpa-bench" $variants --ops fmax --types float \
      --addresses 1,32,4096,16777216 --data random,positive \
      --interleave 1 $cold "$@" \
      --out "$out/bench-$cache.csv" --cells "$out/bench-$cache-cells.csv" ||
      rc=1
  done
  summary "$out/bench-warm.csv" "$out/bench-cold.csv" >"$out/summary.txt"
  cat "$out/summary.txt"
  return $rc
}

# One line per cell and cache state: the rates and the ratios.
summary() {
  awk -F, '
    /^#/ || /^op,/ { next }
    {
      cache = FILENAME ~ /cold/ ? "cold" : "warm"
      sub(/-cold$/, "", $6)
      k = cache "," $3 "," $4 "," $5
      v[k "," $6] = $7
      if (!(k in seen)) { seen[k] = 1; order[n++] = k }
    }
    END {
      printf "%-5s %9s %-9s %4s %8s %8s %8s %8s %9s %9s %9s\n", "cache",
        "addresses", "data", "used", "llvm", "fpa", "rmw", "rmw-rlx",
        "fpa/rmw", "copy/llvm", "fpa/llvm"
      bad = 0; noisy = 0
      for (i = 0; i < n; i++) {
        k = order[i]
        split(k, f, ",")
        l = v[k ",llvm"]; c = v[k ",llvm-copy"]; p = v[k ",fpa"]
        r = v[k ",rmw"]; x = v[k ",rmw-relaxed"]
        pr = (r > 0 && p != "") ? p / r : 0
        cl = (l > 0 && c != "") ? c / l : 0
        pl = (l > 0 && p != "") ? p / l : 0
        if (pr < 0.95) bad++
        if (cl < 0.97 || cl > 1.03) noisy++
        printf "%-5s %9s %-9s %4s %8s %8s %8s %8s %9.3f %9.3f %9.2f\n", f[1],
          f[2], f[3], f[4], l, p, r, x, pr, cl, pl
      }
      printf "\nfpa within 5%% of rmw (the same operation as atomicrmw) in every cell: %s (%d below 0.95)\n",
        bad ? "NO" : "yes", bad
      printf "llvm-copy/llvm within 1.00 +- 0.03 in every cell: %s (%d outside)\n",
        noisy ? "NO" : "yes", noisy
    }' "$@"
}

case $phase in
build)
  clang=${CLANG:-clang-22}
  plugin=${PLUGIN:-$root/build/pass/FPAtomics.so}
  cuda=${CUDA_PATH:-/usr/local/cuda}
  sm=${SM:-90}
  cc=${CC:-cc}
  mkdir -p "$dir"
  common="-x cuda --cuda-device-only -O2 --cuda-gpu-arch=sm_$sm --cuda-path=$cuda -Wno-unknown-cuda-version"
  # shellcheck disable=SC2086
  "$clang" $common -S "$root/test/e2e/Inputs/cas-loops.cu" \
    -o "$dir/cas-e2e.ptx" -fpass-plugin="$plugin" \
    -mllvm -fpa-report="$dir/cas-e2e.report"
  if grep -q 'not-raised' "$dir/cas-e2e.report"; then
    echo "raise-gpu: a loop of cas-loops.cu was not raised:" >&2
    grep 'not-raised' "$dir/cas-e2e.report" >&2
    exit 1
  fi
  # The benchmark kernels: gen() must round as the host does.
  src=$root/bench/cas-loop.cu
  # shellcheck disable=SC2086
  "$clang" $common -ffp-contract=off -S "$src" -o "$dir/cas-llvm.ptx"
  cp "$dir/cas-llvm.ptx" "$dir/cas-llvm-copy.ptx"
  # shellcheck disable=SC2086
  "$clang" $common -ffp-contract=off -S "$src" -o "$dir/cas-fpa.ptx" \
    -fpass-plugin="$plugin" -mllvm -fpa-report="$dir/cas-fpa.report"
  grep -q 'k_fmax_float_0: fmax float addrspace(0): raised' \
    "$dir/cas-fpa.report" || {
    echo "raise-gpu: seed 004's loop was not raised in cas-fpa.ptx" >&2
    exit 1
  }
  # shellcheck disable=SC2086
  "$clang" $common -ffp-contract=off -DAS_ATOMICRMW -S "$src" \
    -o "$dir/rmw-fpa.ptx" -fpass-plugin="$plugin"
  # shellcheck disable=SC2086
  "$clang" $common -ffp-contract=off -DAS_ATOMICRMW_RELAXED -S "$src" \
    -o "$dir/rmw-relaxed-fpa.ptx" -fpass-plugin="$plugin"
  # Static if the C library allows it, so that it runs anywhere.
  "$cc" -std=c11 -O2 -static -o "$dir/ref" "$root/test/e2e/Inputs/ref.c" \
    2>/dev/null ||
    "$cc" -std=c11 -O2 -o "$dir/ref" "$root/test/e2e/Inputs/ref.c"
  cp "${FPA_RUN:-$root/build/tools/fpa-run}" "$dir/fpa-run"
  cp "${FPA_BENCH:-$root/build/tools/fpa-bench}" "$dir/fpa-bench"
  cp "$0" "$dir/raise-gpu.sh"
  echo "built $dir; on the GPU machine: sh $dir/raise-gpu.sh run $dir"
  ;;
run | e2e | bench)
  dir=$(cd "$dir" && pwd)
  out=${OUT:-$dir/out}
  mkdir -p "$out"
  status=0
  case $phase in
  run)
    e2e || status=1
    bench "$@" || status=1
    ;;
  e2e) e2e || status=1 ;;
  bench) bench "$@" || status=1 ;;
  esac
  exit $status
  ;;
summary) summary "$dir" "$@" ;;
*) usage ;;
esac
