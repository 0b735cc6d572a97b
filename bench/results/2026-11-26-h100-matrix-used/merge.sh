#!/bin/sh
# How bench/results/2026-11-26-h100-used.csv (and -cells.csv), the reports
# and goals-*.txt of this folder were made (run from the repository root).
#
# Built here at 53b308c (the default aggregates used min/max results too):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/full3
# Then on one GPU (asked for an H200, lent an NVIDIA H100 80GB HBM3,
# driver 580.159.04), back to back in one lease, 2026-11-26 19:39 to
# 19:48 UTC (raw/*/log.txt):
#   a-warm: sh run-matrix.sh run . --ops fmin,fmax --types float,double
#   b-cold: the same with --cold-mib 512
# The device time ran out before fminimum/fmaximum and Triton: Triton's
# figures are those of the 17:32 runs (../2026-11-26-h100-matrix-auto/raw/
# t-*), a process of their own as always, on the same GPU model.
set -eu
D=bench/results/2026-11-26-h100-matrix-used
R=$D/raw
T=bench/results/2026-11-26-h100-matrix-auto/raw
bash bench/run-matrix.sh merge 2026-11-26-h100-used \
  $R/a-warm/matrix-193943.csv $R/b-cold/matrix-194359.csv \
  $T/t-warm/triton.csv $T/t-cold/triton.csv \
  $R/a-warm/cells-193943.csv $R/b-cold/cells-194359.csv \
  $T/t-warm/triton-cells.csv $T/t-cold/triton-cells.csv
for m in warm cold; do
  python3 bench/report.py bench/results/2026-11-26-h100-used.csv --memory $m \
    --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
done
