#!/bin/bash
# fuzzsum.sh BUILD_DIR : a summary of a tools/fuzz.sh long run
d=$1
echo "binaries: $(cat $d/commit)"
for t in lower calls; do
  w=$d/work/$t
  echo "== $t"
  echo "cpu seconds (tools/fuzz.sh's count): $(cat $w/cpu)"
  echo "corpus files: $(ls $w/corpus | wc -l) ($(du -sk $w/corpus | cut -f1) KiB)"
  echo "findings: $(ls $w/findings | wc -l)"
  echo "inputs on which LLVM's bitcode reader crashed (skipped, kept): $(ls $w/llvm-reader | wc -l)"
  echo "rounds (libFuzzer runs): $(grep -c 'DONE ' $w/log)"
  echo "executions, summed over rounds: $(grep 'stat::number_of_executed_units' $w/log | awk '{s+=$2} END {print s}')"
  echo "last round's closing line: $(grep 'DONE ' $w/log | tail -1)"
  echo "highest cov/ft seen: $(grep -o 'cov: [0-9]* ft: [0-9]*' $w/log | sort -t' ' -k2 -n | tail -1)"
done
