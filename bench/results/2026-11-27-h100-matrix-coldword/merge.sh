#!/bin/sh
# How bench/results/2026-11-27-h100-coldword.csv (and -cells.csv) and
# goals-*.txt of this folder were made (run from the repository root).
#
# Built here at 1a954fb (the default with the cold-word hint):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/m5
# Then on one GPU (asked for an H200, lent an NVIDIA H100 80GB HBM3,
# driver 580.159.04), back to back in one lease, 2026-11-27 00:48 to
# 00:57 UTC (raw/*/log.txt):
#   a-warm: sh run-matrix.sh run . --ops fmin,fmax --types float,double
#   b-cold: the same with --cold-mib 512
# No Triton run: the device time was spent.
set -eu
D=bench/results/2026-11-27-h100-matrix-coldword
R=$D/raw
bash bench/run-matrix.sh merge 2026-11-27-h100-coldword \
  $R/a-warm/matrix-004832.csv $R/b-cold/matrix-005312.csv \
  $R/a-warm/cells-004832.csv $R/b-cold/cells-005312.csv
for m in warm cold; do
  python3 bench/report.py bench/results/2026-11-27-h100-coldword.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
done
