#!/bin/sh
# go.sh NAME [fpa-bench args...]: fmin and fmax, float and double, into $OUT/NAME
name=$1; shift
mkdir -p "$OUT/$name"
timeout 250 sh run-matrix.sh run . --ops fmin,fmax --types float,double --data random,positive,descending "$@" > "$OUT/$name/log.txt" 2>&1
echo "rc=$?" >> "$OUT/$name/log.txt"
mv matrix-*.csv cells-*.csv "$OUT/$name/" 2>/dev/null
tail -2 "$OUT/$name/log.txt"
