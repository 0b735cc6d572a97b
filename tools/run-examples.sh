#!/usr/bin/env bash
# The main job. Builds fpatomics, compiles the shipped examples
# (examples/cuda/*.cu for NVPTX sm_90, examples/opencl/*.cl for SPIR-V) with
# the clang plugin and prints what each float atomic became, one line per
# source site. Runs the OpenCL example on PoCL and prints its values beside
# a host reference; where an NVIDIA GPU is present, runs the CUDA example
# with fpatomics and with LLVM's own lowering and prints both times
# (tools/example-gpu.sh). Then runs the end-to-end kernels of test/e2e on
# the same devices against their reference.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
BUILD=${BUILD:-build}
cmake -S . -B "$BUILD" -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
cmake --build "$BUILD" -j"$(nproc)" >/dev/null
CLANG=/usr/lib/llvm-22/bin/clang
PLUGIN=$BUILD/pass/FPAtomics.so
FPA_RUN=$BUILD/tools/fpa-run
VALUES=$BUILD/tools/example-values
OUT=$BUILD/examples
mkdir -p "$OUT"

# sites REPORT SPACES: one line per site (tools/report-sites.awk)
sites() { awk -v spaces="$2" -f tools/report-sites.awk "$1"; }

for cu in examples/cuda/*.cu; do
  name=$(basename "$cu" .cu)
  rm -f "$OUT/$name.cu.report" # the plugin appends to it
  echo "== $cu (CUDA, nvptx64 sm_90): what each float atomic became"
  "$CLANG" -x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda \
    --cuda-device-only -O2 -g -S -Wno-unknown-cuda-version "$cu" \
    -o "$OUT/$name.plain.ptx"
  "$CLANG" -x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda \
    --cuda-device-only -O2 -g -S -Wno-unknown-cuda-version "$cu" \
    -o "$OUT/$name.ptx" -fpass-plugin="$PLUGIN" -mllvm -fpa-report="$OUT/$name.cu.report"
  sites "$OUT/$name.cu.report" "0=generic 1=global 3=shared 5=local"
  cas() { grep -cE 'atom\..*cas' "$1" || true; }
  int() { grep -cE 'atom\..*(min|max)\.[su]' "$1" || true; }
  echo "   PTX: LLVM alone has $(cas "$OUT/$name.plain.ptx") atom.cas (every min/max and fsub a cmpxchg loop);" \
    "with fpatomics $(int "$OUT/$name.ptx") integer atom.min/max and $(cas "$OUT/$name.ptx") atom.cas (NaN repair, fsub) -> $OUT/$name.ptx"
done

for cl in examples/opencl/*.cl; do
  name=$(basename "$cl" .cl)
  rm -f "$OUT/$name.cl.report"
  echo "== $cl (OpenCL C, spirv64 with no float-atomic extension): what each float atomic became"
  if "$CLANG" -target spirv64 -cl-std=CL2.0 -O2 -c "$cl" -o "$OUT/$name.plain.spv" >"$OUT/$name.plain.log" 2>&1; then
    echo "   without fpatomics: clang compiles it"
  else
    echo "   without fpatomics, clang stops: $(grep -m1 -E 'error|ERROR' "$OUT/$name.plain.log" || head -n1 "$OUT/$name.plain.log")"
  fi
  "$CLANG" -target spirv64 -cl-std=CL2.0 -O2 -g -c "$cl" -o "$OUT/$name.spv" \
    -fpass-plugin="$PLUGIN" -mllvm -fpa-report="$OUT/$name.cl.report"
  sites "$OUT/$name.cl.report" "0=private 1=global 3=local 4=generic"
  if command -v spirv-val >/dev/null && spirv-val "$OUT/$name.spv"; then
    echo "   with fpatomics: spirv-val accepts $OUT/$name.spv"
  fi
done

# The OpenCL example on PoCL (the CPU): SPIR-V from clang-22 with the plugin,
# then SPIR 1.2 bitcode for PoCL 3.1 (llvm-spirv-15; test/e2e/Inputs/
# build-opencl.sh says why fixnull.awk), run with fpa-run on data with both
# zeros, NaNs, subnormals and infinities.
HAVE_POCL=0
if clinfo -l 2>/dev/null | grep -qi "pthread\|cpu\|portable"; then
  HAVE_POCL=1
fi
if [ $HAVE_POCL = 1 ]; then
  P=$OUT/pocl
  rm -rf "$P" && mkdir -p "$P"
  spirv-dis "$OUT/minmax.spv" -o "$P/minmax.spvasm"
  awk -f test/e2e/Inputs/fixnull.awk "$P/minmax.spvasm" >"$P/minmax.fixed.spvasm"
  spirv-as --target-env spv1.4 "$P/minmax.fixed.spvasm" -o "$P/minmax.fixed.spv"
  llvm-spirv-15 -r "$P/minmax.fixed.spv" -o "$P/minmax.bc"
  "$VALUES" gen "$P/vals.f32" 4096 special
  echo "== examples/opencl/minmax.cl on PoCL (CPU), with fpatomics, beside the host reference"
  status=0
  "$FPA_RUN" --kernel=scatter_minmax --global=4096 --local=64 \
    --arg=buf:f32:8:fill=inf --arg=buf:f32:8:fill=-inf \
    --arg=buf:f32:4096:file="$P/vals.f32" --arg=i32:8 \
    --out=0:"$P/mins" --out=1:"$P/maxs" "$P/minmax.bc" >"$P/run1.log" 2>&1 || status=1
  "$FPA_RUN" --kernel=group_then_global_min --global=4096 --local=64 \
    --arg=buf:f32:1:fill=inf --arg=buf:f32:4096:file="$P/vals.f32" \
    --out=0:"$P/min" "$P/minmax.bc" >"$P/run2.log" 2>&1 || status=1
  if [ $status = 0 ]; then
    echo "   scatter_minmax: 4096 values into 8 bins (value i to bin i % 8)"
    "$VALUES" minmax 8 4096 special "$P/mins" "$P/maxs" "$P/vals.f32" || true
    echo "   group_then_global_min: the same 4096 values, 64 per work-group"
    echo "     $("$VALUES" min "$P/min" "$P/vals.f32" 4096 || true)"
  else
    echo "   fpa-run failed:"
    sed 's/^/     /' "$P/run1.log" "$P/run2.log"
  fi
else
  echo "== no OpenCL CPU device found: the PoCL runs are skipped"
fi

HAVE_GPU=0
if { [ -e /dev/nvidia0 ] || [ -e /usr/local/nvidia/lib64/libcuda.so.1 ]; } &&
   "$FPA_RUN" --list-devices --backend=cuda >/dev/null 2>&1; then
  HAVE_GPU=1
fi
if [ $HAVE_GPU = 1 ]; then
  echo "== examples/cuda/minmax.cu on the GPU: fpatomics beside LLVM's own lowering"
  CLANG=$CLANG PLUGIN=$PLUGIN FPA_RUN=$FPA_RUN sh tools/example-gpu.sh build "$OUT/gpu" >/dev/null
  sh tools/example-gpu.sh run "$OUT/gpu" || true
else
  echo "== no NVIDIA GPU here: the CUDA example was compiled, not run"
fi

# The end-to-end kernels (test/e2e: twelve in CUDA, nineteen in OpenCL C,
# each checked against a host reference written from the semantics).
# summary LOG: the count line, and every failure with its log
summary() {
  grep -E '^(FAIL|    )' "$1" || true
  grep -E 'passed, [0-9]+ failed' "$1" | tail -n 1 | sed 's/^/   /'
}
E2E=$OUT/e2e
rm -rf "$E2E" && mkdir -p "$E2E"
cc -std=c11 -O2 -o "$E2E/ref" test/e2e/Inputs/ref.c
if [ $HAVE_POCL = 1 ]; then
  echo "== test/e2e on PoCL: 21 kernels against the host reference"
  sh test/e2e/Inputs/build-opencl.sh "$E2E" "$CLANG" "$PLUGIN" llvm-spirv-15 >/dev/null
  "$E2E/ref" gen "$E2E" pocl >/dev/null
  FPA_RUN=$FPA_RUN sh test/e2e/Inputs/run-all.sh opencl "$E2E" >"$E2E/pocl.log" 2>&1 || true
  summary "$E2E/pocl.log"
fi
if [ $HAVE_GPU = 1 ]; then
  echo "== test/e2e on the GPU: 12 kernels and the <fpatomics/cuda.h> kernels against the host reference"
  G=$OUT/gpu-e2e
  FPA_RUN=$FPA_RUN PLUGIN=$PLUGIN CLANG=$CLANG sh bench/gpu-e2e.sh build "$G" >/dev/null
  sh bench/gpu-e2e.sh run "$G" >"$G/run.log" 2>&1 || true
  summary "$G/run.log"
fi
