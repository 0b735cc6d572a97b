#!/bin/sh
# go.sh NAME OPS [fpa-bench args...]: one part of the matrix into $OUT/NAME
name=$1; ops=$2; shift 2
mkdir -p "$OUT/$name"
timeout 570 sh run-matrix.sh run . --ops "$ops" --types float,double --data random,positive,descending "$@" > "$OUT/$name/log.txt" 2>&1
echo "rc=$?" >> "$OUT/$name/log.txt"
mv matrix-*.csv cells-*.csv "$OUT/$name/" 2>/dev/null
tail -3 "$OUT/$name/log.txt"
