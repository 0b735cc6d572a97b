#!/bin/sh
# How bench/results/2026-11-21-h200.csv (and -cells.csv) were put together
# from the raw files of 2026-11-21-h200-raw/ (run from the repository root).
#
# Built here: EXTRA_VARIANTS='fpa-warp|fmin,fmax,fadd|-fpa-aggregate=warp
#   -fpa-assume=reassociate-fadd' bash bench/run-matrix.sh build .carry/matrix
# Then on one NVIDIA H200, back to back in one lease of the machine:
#   a: sh ./run-matrix.sh run . --ops fmin,fmax --warmup 1 --max-launch-ms 20
#   b: the same with --ops fadd,fsub
#   c: the same with --ops fminimum,fmaximum
#   t: python3 triton_bench.py --out t-matrix.csv --cells t-cells.csv --warmup 1
# (*-log.txt is each command's whole output.)
set -eu
R=bench/results/2026-11-21-h200-raw
bash bench/run-matrix.sh merge 2026-11-21-h200 \
  $R/a-matrix.csv $R/b-matrix.csv $R/c-matrix.csv $R/t-matrix.csv \
  $R/a-cells.csv $R/b-cells.csv $R/c-cells.csv $R/t-cells.csv
