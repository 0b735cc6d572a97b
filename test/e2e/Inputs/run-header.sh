#!/bin/sh
# Runs the <fpatomics/cuda.h> kernels (header.cu) and checks each against
# header-ref.c (test/e2e/README.md).
#   run-header.sh cuda DIR   on a GPU: every kernel from each build of
#                            header.cu in DIR: header.ptx (clang-22 with the
#                            plugin), header-noplugin.ptx (clang-22 alone:
#                            the header's own loop), header-nvcc.ptx (nvcc)
#   run-header.sh host DIR   no GPU: the kernels compiled as host C++ over
#                            host atomics (header-host.cpp)
# DIR holds header-ref (and fpa-run, or header-host); HEADER_REF, FPA_RUN and
# HEADER_HOST override their paths. Inputs are generated into DIR on the
# first run (GPU size for cuda, small for host). Prints PASS|FAIL
# BUILD/NAME per kernel, then "header: N passed, M failed"; exits 1 if
# anything failed. A build that is missing, or a kernel that cannot run
# (fpa-run exit 77: no device), is a FAIL, never a pass. Logs are in
# DIR/BUILD.NAME.log.
set -u
mode=$1
dir=$2
ref=${HEADER_REF:-$dir/header-ref}
case $mode in
  cuda) size=gpu builds="header header-noplugin header-nvcc" ;;
  host) size=small builds="host" ;;
  *) echo "usage: $0 cuda|host DIR" >&2; exit 2 ;;
esac
pass=0
fail=0

if [ ! -f "$dir/.header-generated-$size" ]; then
  "$ref" gen "$dir" "$size" || { echo "FAIL header-ref gen"; exit 1; }
  touch "$dir/.header-generated-$size"
fi

echo "header: $mode, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
for build in $builds; do
  for name in $("$ref" list); do
    log=$dir/$build.$name.log
    mem=$dir/$build.$name.mem.out
    olds=$dir/$build.$name.olds.out
    rm -f "$mem" "$olds"
    if [ "$mode" = host ]; then
      if [ "$name" = shared_minmax_f32 ]; then
        echo "SKIP $build/$name (needs __syncthreads)"
        continue
      fi
      "${HEADER_HOST:-$dir/header-host}" "$dir" "$name" "$mem" "$olds" >"$log" 2>&1
      rc=$?
    elif [ ! -f "$dir/$build.ptx" ]; then
      echo "FAIL $build/$name (missing $dir/$build.ptx)"
      fail=$((fail + 1))
      continue
    else
      "${FPA_RUN:-$dir/fpa-run}" --backend=cuda --spec="$dir/$name.spec" \
        --out="0:$mem" --out="1:$olds" "$dir/$build.ptx" >"$log" 2>&1
      rc=$?
    fi
    if [ "$rc" -eq 0 ]; then
      "$ref" check "$dir" "$name" "$mem" "$olds" >>"$log" 2>&1
      rc=$?
    fi
    if [ "$rc" -eq 0 ]; then
      echo "PASS $build/$name: $(tail -n 1 "$log" | sed 's/^[^(]*(//; s/)$//')"
      pass=$((pass + 1))
    else
      echo "FAIL $build/$name (exit $rc, log $log)"
      fail=$((fail + 1))
      sed 's/^/    /' "$log" | head -20
    fi
  done
done

echo "header: $pass passed, $fail failed"
[ $fail -eq 0 ]
