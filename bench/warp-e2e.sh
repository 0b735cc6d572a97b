#!/bin/sh
# aggregate=warp on an NVIDIA GPU, end to end (test/e2e/README.md).
#
#   bench/warp-e2e.sh compile OUTDIR   PTX only, with the build-time checks
#   bench/warp-e2e.sh build OUTDIR     here: the PTX, the static checker
#                                      (warpref), fpa-run and this script,
#                                      in OUTDIR (small enough to copy)
#   bench/warp-e2e.sh run OUTDIR       on the GPU machine (no LLVM, no
#                                      compiler): generates the inputs, runs
#                                      every case in every variant with
#                                      fpa-run --backend=cuda and checks it;
#                                      PASS/FAIL lines, then a summary; exit
#                                      status 1 if anything failed
#
# Variants of the same kernels (test/e2e/Inputs/warp.cu, compiled to IR
# once for sm_90 without the plugin, then lowered from that IR):
#   base    the per-lane lowering (no aggregation), sm_90
#   warp    -fpa-aggregate=warp -fpa-assume=reassociate-fadd, sm_90
#           (redux.sync for min/max keys)
#   warp70  the same for sm_70 (shuffle-only reductions); the driver
#           compiles sm_70 PTX for the GPU it runs on
# Each comes as kernels.ptx (fmin/fmax/fadd/fsub) and minimum.ptx (every
# atomicrmw fmin/fmax of the IR turned into fminimum/fmaximum, which no CUDA
# spelling reaches in clang-22).
#
# WARP_OPTS adds plugin options to the warp variants' builds (e.g.
# "-fpa-warp-precheck=mixed").
# build uses, overridable by environment: CLANG (clang-22), PLUGIN
# (build/pass/FPAtomics.so), FPA_RUN (build/tools/fpa-run), CUDA_PATH
# (/usr/local/cuda), CC (cc), PTXAS (ptxas from CUDA_PATH, if present).
# run uses FPA_RUN_FLAGS (extra fpa-run flags, e.g. --cuda-lib=PATH);
# WARP_E2E_SIMULATE=1 makes run write each output with `warpref sim` (a
# correct sequential execution on the host) instead of running the GPU, to
# test this script and the checker without one (test/e2e/warp-host.test).
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

fail_build() {
  echo "warp-e2e: build check failed: $*" >&2
  exit 1
}

compile() {
  clang=${CLANG:-clang-22}
  plugin=${PLUGIN:-$root/build/pass/FPAtomics.so}
  cuda=${CUDA_PATH:-/usr/local/cuda}
  mkdir -p "$out"
  "$clang" -x cuda --cuda-device-only -O2 --cuda-gpu-arch=sm_90 \
    --cuda-path="$cuda" -Wno-unknown-cuda-version -S -emit-llvm \
    "$inputs/warp.cu" -o "$out/kernels-sm90.ll"
  sed -e 's/atomicrmw fmin /atomicrmw fminimum /' \
      -e 's/atomicrmw fmax /atomicrmw fmaximum /' \
      "$out/kernels-sm90.ll" >"$out/minimum-sm90.ll"
  for m in kernels minimum; do
    sed 's/sm_90/sm_70/g' "$out/$m-sm90.ll" >"$out/$m-sm70.ll"
  done
  grep -q 'atomicrmw fminimum' "$out/minimum-sm90.ll" ||
    fail_build "no fminimum in minimum-sm90.ll"
  for v in base warp warp70; do
    sm=90 agg="-mllvm -fpa-aggregate=none"
    [ $v = warp70 ] && sm=70
    [ $v = base ] || agg="-mllvm -fpa-aggregate=warp -mllvm -fpa-assume=reassociate-fadd"
    if [ $v != base ]; then
      for o in ${WARP_OPTS:-}; do agg="$agg -mllvm $o"; done
    fi
    for m in kernels minimum; do
      # shellcheck disable=SC2086
      "$clang" -target nvptx64-nvidia-cuda -march=sm_$sm -O2 -S \
        "$out/$m-sm$sm.ll" -o "$out/$v-$m.ptx" -Wno-override-module \
        -fpass-plugin="$plugin" $agg -mllvm -fpa-report="$out/$v-$m.report"
    done
  done
  # Every atomic of warp.cu is a monotonic scalar one: each must be
  # aggregated in the warp variants and in none of the base ones.
  for m in kernels minimum; do
    n=$(grep -c ': rewritten\|: native' "$out/base-$m.report" || true)
    [ "$n" -gt 0 ] || fail_build "base-$m.report lists no atomic"
    ! grep -q 'warp-aggregated' "$out/base-$m.report" ||
      fail_build "base-$m.report: aggregated without the option"
    ! grep -q 'shfl.sync\|match.any.sync' "$out/base-$m.ptx" ||
      fail_build "base-$m.ptx has warp shuffles or match.any.sync"
    for v in warp warp70; do
      a=$(grep -c 'rewritten warp-aggregated' "$out/$v-$m.report" || true)
      [ "$a" -eq "$n" ] ||
        fail_build "$v-$m.report: $a of $n atomics aggregated"
      grep -q 'activemask.b32' "$out/$v-$m.ptx" ||
        fail_build "$v-$m.ptx has no activemask.b32"
      grep -q 'match.any.sync.b64' "$out/$v-$m.ptx" ||
        fail_build "$v-$m.ptx has no match.any.sync.b64"
      # used results: the leaders' atomics are predicated, not branched to
      grep -q '@fpa_p atom' "$out/$v-$m.ptx" ||
        fail_build "$v-$m.ptx has no predicated leader atomic"
    done
    grep -q 'redux.sync' "$out/warp-$m.ptx" ||
      fail_build "warp-$m.ptx (sm_90) has no redux.sync"
    ! grep -q 'redux.sync' "$out/warp70-$m.ptx" ||
      fail_build "warp70-$m.ptx (sm_70) has redux.sync"
  done
  ptxas=${PTXAS:-${CUDA_PATH:-/usr/local/cuda}/bin/ptxas}
  if [ -x "$ptxas" ]; then
    for f in "$out"/*.ptx; do
      "$ptxas" -arch=sm_90 "$f" -o "$out/ptxas-check.cubin" ||
        fail_build "ptxas rejects $f"
    done
    rm -f "$out/ptxas-check.cubin"
    echo "warp-e2e: ptxas -arch=sm_90 accepts every PTX file"
  fi
}

case $phase in
  compile)
    compile
    ;;
  build)
    compile
    cc=${CC:-cc}
    "$cc" -std=c11 -O2 -static -o "$out/warpref" "$inputs/warpref.c" -lm \
      2>/dev/null ||
      "$cc" -std=c11 -O2 -o "$out/warpref" "$inputs/warpref.c" -lm
    cp "${FPA_RUN:-$root/build/tools/fpa-run}" "$out/fpa-run"
    cp "$0" "$out/warp-e2e.sh"
    rm -f "$out"/*.ll
    echo "built $out; on the GPU machine run: sh $out/warp-e2e.sh run $out"
    ;;
  run)
    dir=$(cd "$out" && pwd)
    if [ ! -f "$dir/.generated" ]; then
      "$dir/warpref" gen "$dir"
      touch "$dir/.generated"
    fi
    echo "warp-e2e: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "warp-e2e: command: $0 $*"
    [ -z "${WARP_E2E_SIMULATE:-}" ] ||
      echo "warp-e2e: WARP_E2E_SIMULATE is set: outputs come from warpref sim, not a GPU"
    # shellcheck disable=SC2086
    "$dir/fpa-run" --list-devices --backend=cuda ${FPA_RUN_FLAGS:-} 2>&1 |
      sed 's/^/warp-e2e: /'
    if command -v nvidia-smi >/dev/null 2>&1; then
      nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 |
        sed 's/^/warp-e2e: nvidia-smi: /'
    fi
    pass=0
    fail=0
    while read -r name module kernel; do
      for v in base warp warp70; do
        rm -f "$dir/$name.$v.mem" "$dir/$name.$v.olds"
        rc=0
        if [ -n "${WARP_E2E_SIMULATE:-}" ]; then
          "$dir/warpref" sim "$dir" "$name" $v >"$dir/$name.$v.log" 2>&1 ||
            rc=$?
        else
          # shellcheck disable=SC2086
          "$dir/fpa-run" --backend=cuda ${FPA_RUN_FLAGS:-} \
            --spec="$dir/$name.spec" --out=0:"$dir/$name.$v.mem" \
            --out=1:"$dir/$name.$v.olds" "$dir/$v-$module.ptx" \
            >"$dir/$name.$v.log" 2>&1 || rc=$?
        fi
        if [ $rc -ne 0 ]; then
          echo "FAIL $name $v: fpa-run exit $rc ($kernel in $v-$module.ptx)"
          sed 's/^/    /' "$dir/$name.$v.log" | head -5
          rm -f "$dir/$name.$v.mem" "$dir/$name.$v.olds"
          fail=$((fail + 1))
        fi
      done
      "$dir/warpref" check "$dir" "$name" >"$dir/$name.check" 2>&1 || true
      cat "$dir/$name.check"
      p=$(grep -c '^PASS' "$dir/$name.check" || true)
      f=$(grep -c '^FAIL' "$dir/$name.check" || true)
      pass=$((pass + p))
      fail=$((fail + f))
    done <"$dir/cases.txt"
    echo "warp-e2e: $pass passed, $fail failed"
    [ $fail -eq 0 ]
    ;;
  *) usage ;;
esac
