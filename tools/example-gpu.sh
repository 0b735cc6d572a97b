#!/bin/sh
# The shipped CUDA example (examples/cuda/minmax.cu) on an NVIDIA GPU: each
# kernel compiled by clang-22 with fpatomics and without it (LLVM's own
# lowering, cmpxchg loops), run on the same inputs, timed, and its values
# checked against the host reference (tools/example-values.c).
#
#   tools/example-gpu.sh build DIR   here (clang-22, the plugin): both PTX
#                                    files, fpa-run, example-values and this
#                                    script, in DIR (small enough to copy)
#   tools/example-gpu.sh run DIR     on the GPU machine (driver only; no
#                                    LLVM or compiler needed)
#
# build uses, overridable by environment: CLANG (clang-22), PLUGIN
# (build/pass/FPAtomics.so), FPA_RUN (build/tools/fpa-run), CUDA_PATH
# (/usr/local/cuda), CC (cc), SM (90). run prints its report and, when OUT
# is set, also writes it to $OUT/example-gpu.txt; FPA_RUN_ARGS adds options
# to every fpa-run (the tests point --cuda-lib at a fake driver). Exit
# status: 0 when every value equals the reference, 1 when one differs, 3
# when a kernel cannot run, 77 when there is no CUDA device.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  echo "usage: $0 build|run DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
phase=$1
dir=$2

# updates per launch: min/max kernels, and the one-address double min + fsub
N=16777216
NSUB=1048576
BINS=32

build() {
  clang=${CLANG:-clang-22}
  plugin=${PLUGIN:-$root/build/pass/FPAtomics.so}
  cuda=${CUDA_PATH:-/usr/local/cuda}
  sm=${SM:-90}
  cc=${CC:-cc}
  mkdir -p "$dir"
  common="-x cuda --cuda-device-only -O2 --cuda-gpu-arch=sm_$sm --cuda-path=$cuda -Wno-unknown-cuda-version -S"
  # shellcheck disable=SC2086
  "$clang" $common "$root/examples/cuda/minmax.cu" -o "$dir/llvm.ptx"
  # shellcheck disable=SC2086
  "$clang" $common "$root/examples/cuda/minmax.cu" -o "$dir/fpa.ptx" \
    -fpass-plugin="$plugin"
  # Static if the C library allows it, so that it runs anywhere.
  "$cc" -std=c11 -O2 -static -o "$dir/example-values" \
    "$root/tools/example-values.c" 2>/dev/null ||
    "$cc" -std=c11 -O2 -o "$dir/example-values" "$root/tools/example-values.c"
  cp "${FPA_RUN:-$root/build/tools/fpa-run}" "$dir/fpa-run"
  cp "$0" "$dir/example-gpu.sh"
  echo "built $dir; on the GPU machine run: sh $dir/example-gpu.sh run $dir"
}

# time VARIANT KERNEL [fpa-run options]: runs it (one warm-up, five timed
# launches, each from the same initial buffers) and prints its median time
# in milliseconds; the buffers of the last launch are left in DIR
time_kernel() {
  v=$1 k=$2
  shift 2
  # shellcheck disable=SC2086
  "$dir/fpa-run" ${FPA_RUN_ARGS:-} --backend=cuda --kernel="$k" --warmup=1 \
    --repeat=5 --time "$@" "$dir/$v.ptx" >"$dir/$v.$k.log" 2>&1 || {
    echo "example-gpu: fpa-run failed for $k ($v):" >&2
    sed 's/^/    /' "$dir/$v.$k.log" >&2
    return 1
  }
  sed -n 's/^[Tt]ime: kernel [^:]*: .*median \([0-9.]*\) ms.*/\1/p' \
    "$dir/$v.$k.log"
}

run() {
  dir=$(cd "$dir" && pwd)
  cd "$dir"
  rm -f differs.txt
  # shellcheck disable=SC2086
  if ! ./fpa-run ${FPA_RUN_ARGS:-} --list-devices --backend=cuda >devices.txt 2>&1; then
    echo "example-gpu: no CUDA device:"
    sed 's/^/    /' devices.txt
    return 77
  fi
  gpu=$(sed -n 's/^ *device 0: \([^,]*\).*/\1/p' devices.txt | head -n 1)
  ./example-values gen vals.f32 $N descending
  ./example-values gen vals.f64 $NSUB descending f64
  grid=$((N / 256))
  gsub=$((NSUB / 256))
  bad=0
  printf '   %-22s %-38s %11s %11s %9s\n' kernel updates fpatomics "LLVM alone" speed-up
  for k in scatter_minmax min_f64_and_sub block_then_global_min; do
    for v in fpa llvm; do
      case $k in
      scatter_minmax)
        what="2^24 fmin+fmax, $BINS bins"
        t=$(time_kernel $v $k --grid=$grid --block=256 \
          --arg=buf:f32:$BINS:fill=inf --arg=buf:f32:$BINS:fill=-inf \
          --arg=buf:f32:$N:file=vals.f32 --arg=i32:$N --arg=i32:$BINS \
          --out=0:$v.mins --out=1:$v.maxs) || return 3
        check="./example-values minmax $BINS $N descending $v.mins $v.maxs vals.f32"
        ;;
      min_f64_and_sub)
        what="2^20 double fmin+float fsub, 1 address"
        t=$(time_kernel $v $k --grid=$gsub --block=256 \
          --arg=buf:f64:1:fill=inf --arg=buf:f64:$NSUB \
          --arg=buf:f32:1:fill=0 --arg=buf:f64:$NSUB:file=vals.f64 \
          --arg=i32:$NSUB --out=0:$v.m --out=2:$v.acc) || return 3
        check="./example-values min $v.m vals.f64 $NSUB f64"
        check2="./example-values sum $v.acc $NSUB"
        ;;
      block_then_global_min)
        what="2^24 fmin, shared then global"
        t=$(time_kernel $v $k --grid=$grid --block=256 \
          --arg=buf:f32:1:fill=inf --arg=buf:f32:$N:file=vals.f32 \
          --arg=i32:$N --out=0:$v.out) || return 3
        check="./example-values min $v.out vals.f32 $N"
        ;;
      esac
      eval "t_$v=\$t"
      ok=1
      $check >"$v.$k.values" 2>&1 || ok=0
      if [ $k = min_f64_and_sub ]; then
        $check2 >>"$v.$k.values" 2>&1 || ok=0
      fi
      if [ $ok = 0 ]; then
        bad=1
        if [ $v = fpa ]; then who="with fpatomics"; else who="LLVM alone"; fi
        echo "   $k, $who" >>differs.txt
      fi
    done
    # shellcheck disable=SC2154
    awk -v k="$k" -v w="$what" -v a="$t_fpa" -v b="$t_llvm" 'BEGIN {
      printf "   %-22s %-38s %8.3g ms %8.3g ms %8s\n", k, w, a, b,
        (a > 0 ? sprintf("%.1fx", b / a) : "-") }'
  done
  echo "   values with fpatomics (data descending from 1 to -1):"
  for k in scatter_minmax min_f64_and_sub block_then_global_min; do
    echo "   $k:"
    sed 's/^ */     /' "fpa.$k.values"
  done
  if [ -f differs.txt ]; then
    echo "   results that differ from the reference:"
    cat differs.txt
  else
    echo "   LLVM's own lowering gave the same values: every result equals the reference"
  fi
  echo "   ($gpu; median of 5 launches after 1 warm-up, device events)"
  return $bad
}

case $phase in
build) build ;;
run)
  status=0
  if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    run >"$OUT/example-gpu.txt" 2>&1 || status=$?
    cat "$OUT/example-gpu.txt"
  else
    run || status=$?
  fi
  exit $status
  ;;
*) usage ;;
esac
