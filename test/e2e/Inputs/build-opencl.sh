#!/bin/sh
# Compiles kernels.cl for PoCL (SPIR 1.2 bitcode, LLVM 15), through the real
# clang-22 pipeline with the plugin:
#   clang-22 -target spirv64 -fpass-plugin -> SPIR-V
#   -> spirv-dis | awk -f fixnull.awk | spirv-as  (see fixnull.awk)
#   -> llvm-spirv-15 -r -> SPIR 1.2 bitcode that PoCL 3.1 loads.
# minimum.bc: the same source with fmin/fmax turned into fminimum/fmaximum
# in the IR (no OpenCL C or CUDA spelling produces those), then lowered by
# the plugin from that IR.
#   build-opencl.sh OUTDIR CLANG22 PLUGIN LLVM_SPIRV_15 [clang options for the plugin run]
set -eu
out=$1 clang=$2 plugin=$3 llvm_spirv=$4
shift 4
extra="$*"
src=$(dirname "$0")
spv() { # IN OUT.spv [clang options]
  in=$1 o=$2; shift 2
  "$clang" -target spirv64 -cl-std=CL2.0 -O2 -c "$in" -o "$o" -fpass-plugin="$plugin" $extra "$@"
}
tobc() { # NAME
  spirv-dis "$out/$1.spv" -o "$out/$1.spvasm"
  awk -f "$src/fixnull.awk" "$out/$1.spvasm" >"$out/$1.fixed.spvasm"
  spirv-as --target-env spv1.4 "$out/$1.fixed.spvasm" -o "$out/$1.fixed.spv"
  "$llvm_spirv" -r "$out/$1.fixed.spv" -o "$out/$1.bc"
}
spv "$src/kernels.cl" "$out/kernels.spv"
tobc kernels
"$clang" -target spirv64 -cl-std=CL2.0 -O2 -S -emit-llvm "$src/kernels.cl" -o "$out/pre.ll"
sed -e 's/atomicrmw fmin /atomicrmw fminimum /' -e 's/atomicrmw fmax /atomicrmw fmaximum /' \
  "$out/pre.ll" >"$out/minimum.ll"
grep -q 'atomicrmw fminimum' "$out/minimum.ll"
spv "$out/minimum.ll" "$out/minimum.spv"
tobc minimum
