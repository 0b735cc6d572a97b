#!/bin/sh
# go.sh NAME [fpa-bench args...]: the A/B variants over fmin,fmax into $OUT/NAME
name=$1; shift
mkdir -p "$OUT/$name"
args=
while read -r v; do args="$args --variant $v"; done <variants.txt
echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)" > "$OUT/$name/log.txt"
timeout 290 ./fpa-bench $args --int-limit llvm --settle 3,9 --ops fmin,fmax --types float,double --data random,positive,descending --out "$OUT/$name/matrix.csv" --cells "$OUT/$name/cells.csv" "$@" >> "$OUT/$name/log.txt" 2>&1
echo "rc=$?" >> "$OUT/$name/log.txt"
tail -3 "$OUT/$name/log.txt"
