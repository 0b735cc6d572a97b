#!/bin/sh
# Run on the device from this folder's copy: ./fpa-run, k80.ptx, k90.ptx,
# hdr.ptx (see README.md for how they are built).
R=./fpa-run
for ptx in k80.ptx k90.ptx k80-before.ptx k90-before.ptx; do
for c in "ba 0x0001 0x0000 0x0001" "ba 0x0001 0x0001 0x0002" "ba 0x8001 0x0001 0x0000" "ba 0x007f 0x0001 0x0080" \
         "bas 0x0001 0x0000 0x0001" "bas 0x0002 0x8001 0x0001" \
         "bs 0x0000 0x0001 0x8001" "bs 0x0002 0x0001 0x0001" "bs 0x8000 0x0000 0x8000"; do
  set -- $c; echo "== $ptx $1 bf16 mem=$2 v=$3 expect=$4"
  $R --kernel=$1 --grid=1 --block=1 --arg=buf:f16:2:bits=$2 --arg=buf:f16:2:bits=$3 --print=0 --print=1 $ptx 2>&1 | grep -E "\[[01]\]|error"
done
for c in "fss 0x00000002 0x00000001 0x00000001" "fss 0x00000000 0x00000001 0x80000001" "fss 0x3f800000 0x00000001 0x3f800000"; do
  set -- $c; echo "== $ptx $1 f32 mem=$2 v=$3 expect=$4 (or its flush to a zero of its sign)"
  $R --kernel=$1 --grid=1 --block=1 --arg=buf:f32:2:bits=$2 --arg=buf:f32:2:bits=$3 --print=0 --print=1 $ptx 2>&1 | grep -E "\[[01]\]|error"
done
done
# The CUDA header under clang -O2 -fgpu-flush-denormals-to-zero, no plugin:
# 65536 threads update one address holding a NaN that the integer op keeps,
# each with a distinct positive subnormal (bits 1 to 65536).
for k in "kmin 0xffc00000 0x00000001" "kmax 0x7fc00000 0x00010000"; do
  set -- $k
  for h in hdr.ptx hdr-before.ptx; do for run in 1 2 3; do
    echo "== $h $1 mem=$2 expect=$3 run $run"
    $R --kernel=$1 --grid=256 --block=256 --arg=buf:f32:1:bits=$2 --print=0 $h 2>&1 | grep -E "\[0\]|error"
  done; done
done
