#!/bin/sh
# Runs the <fpatomics/cuda.h> kernels (header.cu) and checks each against
# header-ref.c (test/e2e/README.md).
#   run-header.sh cuda DIR   on a GPU: every kernel from each build of
#                            header.cu in DIR: header.ptx (clang-22 with the
#                            plugin), header-noplugin.ptx (clang-22 alone:
#                            the header's own definitions), header-nvcc.ptx
#                            (nvcc: the same, inlined); then the final
#                            memory of each kernel from header-noplugin and
#                            header-nvcc must be bit-identical to the
#                            plugin's (header-ref same)
#   run-header.sh host DIR   no GPU: the kernels compiled as host C++ over
#                            host atomics (header-host.cpp): host, and
#                            host-loop (built with FPATOMICS_CUDA_CAS_LOOP),
#                            whose final memory must be the same as host's
#                            (a NaN as any NaN: the host's NaN results are
#                            not the GPU's)
# DIR holds header-ref (and fpa-run, or header-host and header-host-loop);
# HEADER_REF, FPA_RUN, HEADER_HOST and HEADER_HOST_LOOP override their paths. Inputs are generated into DIR on the
# first run (GPU size for cuda, small for host). Prints PASS|FAIL
# BUILD/NAME per kernel, SAME|DIFF BUILD/NAME per comparison, then
# "header: N passed, M failed" (comparisons included); exits 1 if
# anything failed. A build that is missing, or a kernel that cannot run
# (fpa-run exit 77: no device), is a FAIL, never a pass. Logs are in
# DIR/BUILD.NAME.log.
set -u
mode=$1
dir=$2
ref=${HEADER_REF:-$dir/header-ref}
case $mode in
  # any NaN for any NaN: a sum of NaNs keeps the payload of whichever
  # update came first, which differs between runs (LangRef allows any NaN)
  cuda) size=gpu base=header others="header-noplugin header-nvcc" nan=any-nan ;;
  host) size=small base=host others="host-loop" nan=any-nan ;;
  *) echo "usage: $0 cuda|host DIR" >&2; exit 2 ;;
esac
builds="$base $others"
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
      if [ "$build" = host ]; then
        prog=${HEADER_HOST:-$dir/header-host}
      else
        prog=${HEADER_HOST_LOOP:-$dir/header-host-loop}
      fi
      "$prog" "$dir" "$name" "$mem" "$olds" >"$log" 2>&1
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

for build in $others; do
  for name in $("$ref" list); do
    [ -f "$dir/$base.$name.mem.out" ] || [ "$mode" = cuda ] || continue
    log=$dir/$build.$name.same.log
    "$ref" same "$dir" "$name" "$dir/$base.$name.mem.out" \
      "$dir/$build.$name.mem.out" $nan >"$log" 2>&1
    if [ $? -eq 0 ]; then
      echo "SAME $build/$name: $(tail -n 1 "$log" | sed 's/^[^(]*(//; s/)$//') as $base"
      pass=$((pass + 1))
    else
      echo "DIFF $build/$name (log $log)"
      fail=$((fail + 1))
      sed 's/^/    /' "$log" | head -20
    fi
  done
done

echo "header: $pass passed, $fail failed"
[ $fail -eq 0 ]
