#!/bin/sh
# How bench/results/2026-11-26-h100-auto.csv (and -cells.csv), the reports
# and the figures of this folder were made (run from the repository root).
#
# Built here at e57a1ba (lib/ and pass/ as committed; the default is
# aggregate=auto with its run-time grouping):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/full2
# Then on one GPU (asked for an H200, lent an NVIDIA H100 80GB HBM3,
# driver 580.159.04), back to back in one lease, 2026-11-26 17:17 to
# 17:34 UTC (raw/*/log.txt):
#   a-warm: sh run-matrix.sh run . --ops fmin,fmax --types float,double
#   b-cold: the same with --cold-mib 512
#   c-warm: sh run-matrix.sh run . --ops fminimum,fmaximum --types float,double
#   d-cold: the same with --cold-mib 512
#   t-warm: python3 triton_bench.py --ops fmin,fmax --types float,double
#   t-cold: the same with --cold-mib 512
# (Triton has no fminimum/fmaximum; it runs in a process of its own.)
set -eu
D=bench/results/2026-11-26-h100-matrix-auto
R=$D/raw
bash bench/run-matrix.sh merge 2026-11-26-h100-auto \
  $R/a-warm/matrix-171745.csv $R/b-cold/matrix-172202.csv \
  $R/c-warm/matrix-172616.csv $R/d-cold/matrix-172937.csv \
  $R/t-warm/triton.csv $R/t-cold/triton.csv \
  $R/a-warm/cells-171745.csv $R/b-cold/cells-172202.csv \
  $R/c-warm/cells-172616.csv $R/d-cold/cells-172937.csv \
  $R/t-warm/triton-cells.csv $R/t-cold/triton-cells.csv
for m in warm cold; do
  python3 bench/report.py bench/results/2026-11-26-h100-auto.csv --memory $m \
    --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md --png $D/float-unused-$m.png >$D/goals-$m.txt
done
python3 bench/report.py bench/results/2026-11-26-h100-auto.csv --memory warm \
  --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
  --readme README.md >/dev/null
