#!/bin/sh
# go2.sh NAME VARIANTS [fpa-bench args]: one fpa-bench run of the listed variants into $OUT/NAME
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$LD_LIBRARY_PATH
name=$1; vars=$2; shift 2
cd "$(dirname "$0")"
mkdir -p "$OUT/$name"
args=
for v in $vars; do args="$args --variant $v=$v.ptx"; done
./fpa-bench $args --int-limit llvm --out "$OUT/$name/matrix.csv" --cells "$OUT/$name/cells.csv" "$@" > "$OUT/$name/log.txt" 2>&1
echo "$name rc=$?"; head -1 "$OUT/$name/matrix.csv"; date -u
