#!/bin/sh
# How bench/results/2026-11-28-h200-default4.csv (and -cells.csv),
# report-*.md, goals-*.txt and the figures of this folder were made (run
# from the repository root).
#
# Built here at f07b6ff (precheck=adaptive's hint learning from the
# precheck form's load, a2df576 and 1052179):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/mx
#   sh bench/gpu-e2e.sh build .carry/e2e
# Then on one NVIDIA H200 (driver 580.159.04, CUDA 13.0), in three calls
# of one lease, 2026-11-28 11:24 to 11:41 UTC (go.sh and tri.sh, in
# .carry/mx; raw/*/log.txt; times.txt):
#   a-warm-minmax:  sh go.sh a-warm-minmax fmin,fmax
#   b-warm-minimum: sh go.sh b-warm-minimum fminimum,fmaximum
#   gpu-e2e.txt:    sh .carry/e2e/gpu-e2e.sh run .carry/e2e
#   c-cold-minmax:  sh go.sh c-cold-minmax fmin,fmax --cold-mib 512
#   d-cold-minimum: sh go.sh d-cold-minimum fminimum,fmaximum --cold-mib 512
#   f-warm:         sh tri.sh f-warm --ops fmax,fmin --types double,float
#   g-cold:         sh tri.sh g-cold --ops fmax,fmin --types double,float --cold-mib 512
# (f-warm and g-cold: Triton, triton-copy and fpa in turns, in the Triton
# process; tri.sh's timeout was raised to the time left in the call.)
# The merge takes only the Triton files' triton rows, so that fpa and llvm
# are fpa-bench's, with its controls.
set -eu
D=bench/results/2026-11-28-h200-matrix4
R=$D/raw
for p in f-warm/triton-113656 g-cold/triton-113901; do
  awk -F, '/^#/ || /^op,/ || $6 ~ /^triton/' $R/$p.csv >$R/$p-triton-rows.csv
done
bash bench/run-matrix.sh merge 2026-11-28-h200-default4 \
  $R/a-warm-minmax/matrix-112449.csv $R/b-warm-minimum/matrix-112746.csv \
  $R/c-cold-minmax/matrix-113051.csv $R/d-cold-minimum/matrix-113413.csv \
  $R/f-warm/triton-113656-triton-rows.csv $R/g-cold/triton-113901-triton-rows.csv \
  $R/a-warm-minmax/cells-112449.csv $R/b-warm-minimum/cells-112746.csv \
  $R/c-cold-minmax/cells-113051.csv $R/d-cold-minimum/cells-113413.csv
for m in warm cold; do
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default4.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
  /usr/bin/python3 bench/report.py bench/results/2026-11-28-h200-default4.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --type float --used 0 --png $D/float-unused-$m.png >/dev/null
done
