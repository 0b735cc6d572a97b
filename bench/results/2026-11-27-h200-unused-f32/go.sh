export LD_LIBRARY_PATH=/usr/local/nvidia/lib64
cd .carry/a
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
date -u > $OUT/times.txt
sh run-matrix.sh run . --ops fmin,fmax --types float,double --data random,positive,descending --used 0 > $OUT/warm.log 2>&1
date -u >> $OUT/times.txt
sh run-matrix.sh run . --ops fmin,fmax --types float,double --addresses 4096,16777216 --data random,positive,descending --used 0 --cold-mib 512 > $OUT/cold.log 2>&1
date -u >> $OUT/times.txt
./fpa-bench --variant llvm=llvm.ptx --variant fpa=fpa.ptx --variant fpa-wl=fpa-wl.ptx --variant fpa-ng=fpa-ng.ptx --variant llvm-copy=llvm-copy.ptx --settle 3 --ops fminimum,fmaximum --types float --addresses 16777216 --data random,positive --out $OUT/fmm.csv --cells $OUT/fmm-cells.csv > $OUT/fmm.log 2>&1
date -u >> $OUT/times.txt
