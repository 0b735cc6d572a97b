#!/bin/sh
# How bench/results/2026-11-28-h200-default.csv (and -cells.csv),
# report-*.md, goals-*.txt and the figures of this folder were made (run
# from the repository root).
#
# Built here at fb58ccc (the default of 2026-11-28: the shared atomic,
# 8a4a856; the 64-bit ballot in the direct form, 9e2e96a):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/mx
#   sh bench/gpu-e2e.sh build .carry/e2e
# Then on one NVIDIA H200 (driver 580.159.04, CUDA 13.0), back to back in
# two calls of one lease, 2026-11-28 04:20 to 04:38 UTC (go.sh and tri.sh,
# in .carry/mx;
# raw/*/log.txt):
#   a-warm-minmax:  sh go.sh a-warm-minmax fmin,fmax
#   b-warm-minimum: sh go.sh b-warm-minimum fminimum,fmaximum
#   gpu-e2e.txt:    sh .carry/e2e/gpu-e2e.sh run .carry/e2e
#   c-cold-minmax:  sh go.sh c-cold-minmax fmin,fmax --cold-mib 512
#   d-cold-minimum: sh go.sh d-cold-minimum fminimum,fmaximum --cold-mib 512
#   f-warm, g-cold: sh tri.sh f-warm --ops fmax,fmin --types double,float
#                   and the same with --cold-mib 512 (Triton, triton-copy
#                   and fpa in turns, in the Triton process).
# The merge takes only the Triton files' triton rows (*-triton-rows.csv),
# so that fpa and llvm are fpa-bench's, with its controls.
set -eu
D=bench/results/2026-11-28-h200-matrix
R=$D/raw
for f in f-warm/triton-043441 g-cold/triton-043640 \
  f-warm/triton-cells-043441 g-cold/triton-cells-043640; do
  awk -F, '/^#/ || /^op,/ || $6 ~ /^triton/' $R/$f.csv >$R/$f-triton-rows.csv
done
bash bench/run-matrix.sh merge 2026-11-28-h200-default \
  $R/a-warm-minmax/matrix-042048.csv $R/b-warm-minimum/matrix-042357.csv \
  $R/c-cold-minmax/matrix-042833.csv $R/d-cold-minimum/matrix-043200.csv \
  $R/f-warm/triton-043441-triton-rows.csv \
  $R/g-cold/triton-043640-triton-rows.csv \
  $R/a-warm-minmax/cells-042048.csv $R/b-warm-minimum/cells-042357.csv \
  $R/c-cold-minmax/cells-042833.csv $R/d-cold-minimum/cells-043200.csv \
  $R/f-warm/triton-cells-043441-triton-rows.csv \
  $R/g-cold/triton-cells-043640-triton-rows.csv
for m in warm cold; do
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --type float --used 0 --png $D/float-unused-$m.png >/dev/null
done
/usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default.csv \
  --memory warm --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
  --type float --used 0 --readme README.md >/dev/null
