#!/bin/sh
# diag.sh: the matrix-of-record PTX (f07b6ff) at 1 and 32 addresses on
# descending fmin data, in four set-ups, into $OUT/diag/
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$LD_LIBRARY_PATH
mkdir -p $OUT/diag
all="--variant llvm=llvm.ptx --variant fpa=fpa.ptx --variant fpa-copy=fpa-copy.ptx --variant fpa-precheck=fpa-precheck.ptx@fmin,fmax --variant fpa-warp=fpa-warp.ptx@fmin,fmax,fminimum,fmaximum --variant fpa-warp-pre=fpa-warp-pre.ptx@fmin,fmax --variant llvm-copy=llvm-copy.ptx"
nopre="--variant llvm=llvm.ptx --variant fpa=fpa.ptx --variant fpa-copy=fpa-copy.ptx --variant fpa-precheck=fpa-precheck.ptx@fmin,fmax --variant fpa-warp=fpa-warp.ptx@fmin,fmax,fminimum,fmaximum --variant llvm-copy=llvm-copy.ptx"
cell="--ops fmin --types float,double --data descending --addresses 1,32 --used 0,1 --settle 3"
for run in "1-order $all" "2-nopre $nopre" "3-serial $all --interleave 0" "4-fill0 $all --smem-fill 0" "5-order-again $all"; do
  name=${run%% *}; args=${run#* }
  echo "== $name: $args" >> $OUT/diag/log.txt
  date -u >> $OUT/diag/log.txt
  # shellcheck disable=SC2086
  timeout 100 ./fpa-bench $args $cell --out $OUT/diag/$name.csv --cells $OUT/diag/$name-cells.csv >> $OUT/diag/log.txt 2>&1
  echo "rc=$?" >> $OUT/diag/log.txt
done
date -u >> $OUT/diag/log.txt
cd $OUT && tar czf diag.tgz diag && rm -rf diag
