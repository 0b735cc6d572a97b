#!/bin/sh
# diag2.sh: diag.sh's cells with --lead 1 (each timed launch after one of
# its own), into $OUT/diag2/
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$LD_LIBRARY_PATH
mkdir -p $OUT/diag2
all="--variant llvm=llvm.ptx --variant fpa=fpa.ptx --variant fpa-copy=fpa-copy.ptx --variant fpa-precheck=fpa-precheck.ptx@fmin,fmax --variant fpa-warp=fpa-warp.ptx@fmin,fmax,fminimum,fmaximum --variant fpa-warp-pre=fpa-warp-pre.ptx@fmin,fmax --variant llvm-copy=llvm-copy.ptx"
date -u >> $OUT/diag2/log.txt
# shellcheck disable=SC2086
timeout 200 ./fpa-bench $all --ops fmin --types float,double --data descending --addresses 1,32 --used 0,1 --settle 3 --lead 1 --out $OUT/diag2/6-lead1.csv --cells $OUT/diag2/6-lead1-cells.csv >> $OUT/diag2/log.txt 2>&1
echo "rc=$?" >> $OUT/diag2/log.txt
date -u >> $OUT/diag2/log.txt
cd $OUT && tar czf diag2.tgz diag2 && rm -rf diag2
