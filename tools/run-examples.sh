#!/usr/bin/env bash
# The main job: build fpatomics and compile the shipped example kernels
# (examples/cuda/*.cu for NVPTX sm_90, examples/opencl/*.cl for SPIR-V) with
# the clang plugin, showing every rewrite and what the backend made of it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
BUILD=${BUILD:-build}
cmake -S . -B "$BUILD" -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
cmake --build "$BUILD" -j"$(nproc)" >/dev/null
CLANG=/usr/lib/llvm-22/bin/clang
PLUGIN=$BUILD/pass/FPAtomics.so
OUT=$BUILD/examples
mkdir -p "$OUT"

count() { grep -cE "$1" "$2" || true; }

for cu in examples/cuda/*.cu; do
  name=$(basename "$cu" .cu)
  echo "== $cu (CUDA, nvptx64 sm_90)"
  "$CLANG" -x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda \
    --cuda-device-only -O2 -g -S -Wno-unknown-cuda-version "$cu" \
    -o "$OUT/$name.plain.ptx"
  "$CLANG" -x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda \
    --cuda-device-only -O2 -g -S -Wno-unknown-cuda-version "$cu" \
    -o "$OUT/$name.ptx" -fpass-plugin="$PLUGIN" -mllvm -fpa-report=-
  echo "   PTX without fpatomics: $(count 'atom\..*cas' "$OUT/$name.plain.ptx") cmpxchg (atom.cas), $(count 'atom\..*(min|max)\.[su]' "$OUT/$name.plain.ptx") integer min/max atomics"
  echo "   PTX with fpatomics:    $(count 'atom\..*cas' "$OUT/$name.ptx") cmpxchg (atom.cas, NaN repair and fsub loops), $(count 'atom\..*(min|max)\.[su]' "$OUT/$name.ptx") integer min/max atomics"
  echo "   -> $OUT/$name.ptx"
done

for cl in examples/opencl/*.cl; do
  name=$(basename "$cl" .cl)
  echo "== $cl (OpenCL C, spirv64, no float-atomic extension)"
  if "$CLANG" -target spirv64 -cl-std=CL2.0 -O2 -c "$cl" -o "$OUT/$name.plain.spv" >/dev/null 2>&1; then
    echo "   without fpatomics: compiled"
  else
    echo "   without fpatomics: clang fails (the SPIR-V backend needs a float-atomic extension)"
  fi
  "$CLANG" -target spirv64 -cl-std=CL2.0 -O2 -g -c "$cl" -o "$OUT/$name.spv" \
    -fpass-plugin="$PLUGIN" -mllvm -fpa-report=-
  if command -v spirv-val >/dev/null; then
    spirv-val "$OUT/$name.spv" && echo "   with fpatomics: spirv-val accepts $OUT/$name.spv"
  fi
done

# Run the end-to-end kernels (test/e2e: twelve in CUDA, nineteen in OpenCL C,
# each checked against a host reference written from SEMANTICS.md) on OpenCL
# (PoCL, the CPU) and, where an NVIDIA GPU and its driver are present, on the
# GPU.
E2E=$OUT/e2e
rm -rf "$E2E" && mkdir -p "$E2E"
cc -std=c11 -O2 -o "$E2E/ref" test/e2e/Inputs/ref.c
if clinfo -l 2>/dev/null | grep -qi "pthread\|cpu\|portable"; then
  echo "== test/e2e/Inputs/kernels.cl on OpenCL (PoCL) against the host reference"
  sh test/e2e/Inputs/build-opencl.sh "$E2E" "$CLANG" "$PLUGIN" llvm-spirv-15 >/dev/null
  "$E2E/ref" gen "$E2E" pocl >/dev/null
  FPA_RUN=$BUILD/tools/fpa-run sh test/e2e/Inputs/run-all.sh opencl "$E2E" | sed 's/^/   /' || true
else
  echo "== no OpenCL CPU device found: the PoCL run is skipped"
fi
if [ -e /dev/nvidia0 ] || [ -e /usr/local/nvidia/lib64/libcuda.so.1 ]; then
  echo "== test/e2e/Inputs/kernels.cu on the GPU against the host reference"
  G=$OUT/gpu-e2e
  FPA_RUN=$BUILD/tools/fpa-run PLUGIN=$PLUGIN CLANG=$CLANG sh bench/gpu-e2e.sh build "$G" >/dev/null
  sh bench/gpu-e2e.sh run "$G" | sed 's/^/   /' || true
else
  echo "== no NVIDIA GPU here: the CUDA kernels were compiled, not run (skipped)"
fi
