#!/bin/sh
# tri.sh NAME [triton_bench args]: Triton and the default in turns, into $OUT/NAME
name=$1; shift
mkdir -p "$OUT/$name"
timeout 270 sh run-matrix.sh triton . --ptx fpa=fpa.ptx --copy --data random,positive,descending "$@" > "$OUT/$name/log.txt" 2>&1
echo "rc=$?" >> "$OUT/$name/log.txt"
mv triton-*.csv "$OUT/$name/" 2>/dev/null
tail -2 "$OUT/$name/log.txt"
