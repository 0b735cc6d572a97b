#!/bin/sh
# Runs every end-to-end kernel and checks it against ref.c's expectations.
#   run-all.sh cuda|opencl DIR
# DIR holds what the build produced: fpa-run, ref, the spec/input/expected
# files from `ref gen`, and the kernel files: kernels.EXT (the kernels as
# compiled, with the plugin), minimum.EXT (the same source with fmin/fmax
# turned into fminimum/fmaximum in the IR) and block.EXT (CUDA only: the
# same source with its atomics put under syncscope("block")); EXT is ptx for
# cuda, bc for opencl. Prints PASS|FAIL NAME per kernel, then "N passed, M
# failed"; exits 1 if anything failed. A kernel that cannot run (fpa-run exit
# 77: no device) is a FAIL, never a pass. Logs are in DIR/NAME.log.
# FPA_RUN and REF override the binaries' paths.
set -u
backend=$1
dir=$2
case $backend in
  cuda) ext=ptx ;;
  opencl) ext=bc ;;
  *) echo "usage: $0 cuda|opencl DIR" >&2; exit 2 ;;
esac
fpa_run=${FPA_RUN:-$dir/fpa-run}
ref=${REF:-$dir/ref}
pass=0
fail=0

# one NAME FILE [extra fpa-run options]
one() {
  name=$1 file=$dir/$2.$ext
  shift 2
  if [ ! -f "$file" ]; then
    echo "FAIL $name (missing $file)"; fail=$((fail + 1)); return
  fi
  "$fpa_run" --backend="$backend" --spec="$dir/$name.spec" "$@" "$file" \
    >"$dir/$name.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && { [ "$name" = min_olds ] || [ "$name" = ocl_min_olds ]; }; then
    "$ref" check-olds "$dir" "$name" >>"$dir/$name.log" 2>&1
    rc=$?
  fi
  if [ $rc -eq 0 ]; then
    echo "PASS $name"; pass=$((pass + 1))
  else
    echo "FAIL $name (exit $rc, log $dir/$name.log)"; fail=$((fail + 1))
    sed 's/^/    /' "$dir/$name.log" | head -20
  fi
}

echo "e2e: $backend, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "e2e: command: $0 $*"
"$fpa_run" --list-devices --backend="$backend" 2>&1 | sed 's/^/e2e: /'
if [ "$backend" = cuda ] && command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | sed 's/^/e2e: nvidia-smi: /'
fi

one scatter_minmax kernels
one bbox kernels
one reduce_minmax kernels
one histogram kernels
one fsub_bins kernels
one scatter_minmax_f64 kernels
one scatter_minmax_f16 kernels
if [ "$backend" = cuda ]; then
  one histogram_f16 kernels
fi
one group_then_global_minmax kernels
rm -f "$dir/min_olds.m.out" "$dir/min_olds.olds.out"
one min_olds kernels --out="0:$dir/min_olds.m.out" --out="1:$dir/min_olds.olds.out"
one minimum_maximum minimum
if [ "$backend" = cuda ]; then
  one group_scoped block
else
  one group_scoped kernels
fi
one noinline_minmax kernels
if [ "$backend" = opencl ]; then
  # OpenCL C's atomic_fetch_* spelling (kernels.cl only)
  one ocl_scatter_minmax kernels
  one ocl_scatter_minmax_f64 kernels
  one ocl_scatter_minmax_f16 kernels
  one ocl_group_then_global_minmax kernels
  one ocl_histogram kernels
  one ocl_fsub_bins kernels
  rm -f "$dir/ocl_min_olds.m.out" "$dir/ocl_min_olds.olds.out"
  one ocl_min_olds kernels --out="0:$dir/ocl_min_olds.m.out" --out="1:$dir/ocl_min_olds.olds.out"
  # the __spirv_AtomicF*EXT spelling (kernels.cl only)
  one spv_scatter_minmax kernels
  one spv_histogram kernels
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
