#!/bin/sh
# How bench/results/2026-11-28-h100-default.csv (and -cells.csv),
# report-*.md, goals-*.txt and the figures of this folder were made (run
# from the repository root).
#
# Built here at 8a4a856 (672d41a's used leaders; the unused leaders and the
# per-lane path sharing one atomic):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/mx
#   sh bench/gpu-e2e.sh build .carry/e2e
# go.sh and tri.sh are those of ../2026-11-27-h200-matrix2/. Asked for an
# NVIDIA H200 (kind nvidia-h200), lent an NVIDIA H100 80GB HBM3 (driver
# 580.159.04, CUDA 13.0), in one lease, 2026-11-28 01:47 to 02:04 UTC
# (raw/*/log.txt):
#   a-warm-minmax:  sh go.sh a-warm-minmax fmin,fmax
#   b-warm-minimum: sh go.sh b-warm-minimum fminimum,fmaximum
#   c-cold-minmax:  sh go.sh c-cold-minmax fmin,fmax --cold-mib 512
#   d-cold-minimum: sh go.sh d-cold-minimum fminimum,fmaximum --cold-mib 512
#   gpu-e2e.txt:    sh .carry/e2e/gpu-e2e.sh run .carry/e2e
#   f-warm, g-cold: sh tri.sh f-warm --ops fmax,fmin --types double,float
#                   and the same with --cold-mib 512
# c-cold-minmax's matrix CSV did not come back from the device; run-matrix.sh
# prints it at the end of its log, from which the first step below takes it.
# The merge takes only the Triton files' triton rows (*-triton-rows.csv),
# so that fpa and llvm are fpa-bench's, with its controls.
set -eu
D=bench/results/2026-11-28-h100-matrix
R=$D/raw
sed -n '6,$p' $R/c-cold-minmax/log.txt | grep -v '^rc=' >$R/c-cold-minmax/matrix-015355.csv
for f in f-warm/triton-020050 g-cold/triton-020229 \
  f-warm/triton-cells-020050 g-cold/triton-cells-020229; do
  awk -F, '/^#/ || /^op,/ || $6 ~ /^triton/' $R/$f.csv >$R/$f-triton-rows.csv
done
bash bench/run-matrix.sh merge 2026-11-28-h100-default \
  $R/a-warm-minmax/matrix-014749.csv $R/b-warm-minimum/matrix-015113.csv \
  $R/c-cold-minmax/matrix-015355.csv $R/d-cold-minimum/matrix-015737.csv \
  $R/f-warm/triton-020050-triton-rows.csv \
  $R/g-cold/triton-020229-triton-rows.csv \
  $R/a-warm-minmax/cells-014749.csv $R/b-warm-minimum/cells-015113.csv \
  $R/c-cold-minmax/cells-015355.csv $R/d-cold-minimum/cells-015737.csv \
  $R/f-warm/triton-cells-020050-triton-rows.csv \
  $R/g-cold/triton-cells-020229-triton-rows.csv
for m in warm cold; do
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h100-default.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h100-default.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --type float --used 0 --png $D/float-unused-$m.png >/dev/null
done
