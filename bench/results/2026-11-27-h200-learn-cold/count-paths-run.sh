#!/bin/sh
# usage: run.sh MODE AMASK  (k_fmin_float_0 with per-path warp counters in out)
for rep in 1 2 3; do
./fpa-run --kernel=k_fmin_float_0 --grid=65536 --block=256 \
 --arg=buf:f32:16777216:fill=inf --arg=buf:u32:1024 --arg=u32:16777216 --arg=u32:$2 --arg=u32:0 --arg=i32:$1 --arg=f32:1.1920929e-07 --arg=i32:0 --arg=u32:0 \
 --out=1:/tmp/c.bin cnt.ptx >/dev/null || echo fail
od -An -tu4 -w16 -v /tmp/c.bin | awk -v m=$1 -v a=$2 '{ d+=$1; p+=$2; c+=$3; i+=$4 } END { printf "mode %s amask %s: direct %d precheck %d casload %d int %d (warps)\n", m, a, d, p, c, i }'
done
