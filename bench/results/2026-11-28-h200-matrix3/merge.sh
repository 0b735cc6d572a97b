#!/bin/sh
# How bench/results/2026-11-28-h200-default3.csv (and -cells.csv),
# report-*.md, goals-*.txt and the figures of this folder were made (run
# from the repository root).
#
# Built here at 93b2ef3 (the default with the used result's scan only where
# a group changed memory, 3096d90, and every lane reading first at the
# grouping, 93b2ef3):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/mx
#   sh bench/gpu-e2e.sh build .carry/e2e
# Then on one NVIDIA H200 (driver 580.159.04, CUDA 13.0), in two calls of
# one lease, 2026-11-28 07:18 to 07:35 UTC (go.sh and tri.sh, in
# .carry/mx; raw/*/log.txt):
#   a-warm-minmax:  sh go.sh a-warm-minmax fmin,fmax
#   b-warm-minimum: sh go.sh b-warm-minimum fminimum,fmaximum
#   gpu-e2e.txt:    sh .carry/e2e/gpu-e2e.sh run .carry/e2e
#   c-cold-minmax:  sh go.sh c-cold-minmax fmin,fmax --cold-mib 512
#   d-cold-minimum: sh go.sh d-cold-minimum fminimum,fmaximum --cold-mib 512
#   f-warm:         sh tri.sh f-warm --ops fmax,fmin --types double,float
#                   (Triton, triton-copy and fpa in turns, in the Triton
#                   process)
# The second call reached its 600 s limit during the cold Triton run
# (g-cold), which is missing; and f-warm's CSVs did not come back (the
# device returns a limited number of files), so its rows are taken from
# its log, which prints them (raw/f-warm/triton-073134-from-log.csv, each
# row once). The merge takes only the Triton file's triton rows, so that
# fpa and llvm are fpa-bench's, with its controls.
set -eu
D=bench/results/2026-11-28-h200-matrix3
R=$D/raw
awk -F, '/^#/ || /^op,/ || $6 ~ /^triton/' \
  $R/f-warm/triton-073134-from-log.csv >$R/f-warm/triton-073134-triton-rows.csv
bash bench/run-matrix.sh merge 2026-11-28-h200-default3 \
  $R/a-warm-minmax/matrix-071815.csv $R/b-warm-minimum/matrix-072147.csv \
  $R/c-cold-minmax/matrix-072516.csv $R/d-cold-minimum/matrix-072840.csv \
  $R/f-warm/triton-073134-triton-rows.csv \
  $R/a-warm-minmax/cells-071815.csv $R/b-warm-minimum/cells-072147.csv \
  $R/c-cold-minmax/cells-072516.csv $R/d-cold-minimum/cells-072840.csv
for m in warm cold; do
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default3.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default3.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --type float --used 0 --png $D/float-unused-$m.png >/dev/null
done
