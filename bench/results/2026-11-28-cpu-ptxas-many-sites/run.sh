#!/bin/sh
# ptxas time of one kernel with N fmin sites (results used), lowered by the
# plugin and opt -O2, then llc-22 for sm_90: the default, and the forms the
# default takes past 32 and 128 sites. Run from the repository root;
# PLUGIN names another build of the plugin.
set -e
T=${TMPDIR:-/tmp}/ptxas-sites; mkdir -p $T
for n in 25 50 100 200; do
  python3 test/lowering/Inputs/many-sites.py $n > $T/k$n.ll
  for v in "default:" "aggregate=none:-fpa-aggregate=none" \
           "aggregate=none,precheck=off:-fpa-aggregate=none -fpa-precheck=off"; do
    name=${v%%:*}; opts=${v#*:}
    opt-22 -load-pass-plugin=${PLUGIN:-build/pass/FPAtomics.so} \
      -passes='lower-fp-atomics,default<O2>' $opts $T/k$n.ll -o $T/k.bc
    llc-22 -mcpu=sm_90 -mattr=+ptx80 $T/k.bc -o $T/k.ptx
    s=$(date +%s.%N); /usr/local/cuda/bin/ptxas -arch=sm_90 $T/k.ptx -o /dev/null
    e=$(date +%s.%N)
    echo "sites=$n $name ptx_bytes=$(wc -c < $T/k.ptx) ptxas_s=$(echo "$e - $s" | bc)"
  done
done
