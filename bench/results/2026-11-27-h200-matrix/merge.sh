#!/bin/sh
# How bench/results/2026-11-27-h200-learn.csv (and -cells.csv), report-*.md,
# goals-*.txt and the figures of this folder were made (run from the
# repository root).
#
# Built here at 99e10f3 (the default whose precheck form learns only that
# the hint turns cold; c038006 only reformats a comment):
#   EXTRA_VARIANTS='fpa-warp|fmin,fmax,fminimum,fmaximum|-fpa-aggregate=warp
#   fpa-warp-pre|fmin,fmax|-fpa-aggregate=warp -fpa-warp-precheck=all
#   llvm-copy||copy llvm' \
#   ONLY='llvm fpa fpa-copy fpa-precheck fpa-warp fpa-warp-pre llvm-copy' \
#     sh bench/run-matrix.sh build .carry/mx
#   sh bench/gpu-e2e.sh build .carry/e2e1
# Then on one NVIDIA H200 (driver 580.159.04, CUDA 13.0), back to back,
# 2026-11-27 16:02 to 16:24 UTC (go.sh, a part per call; raw/*/log.txt):
#   a-warm-minmax:  sh go.sh a-warm-minmax fmin,fmax
#   b-warm-minimum: sh go.sh b-warm-minimum fminimum,fmaximum
#   c-cold-minmax:  sh go.sh c-cold-minmax fmin,fmax --cold-mib 512
#   d-cold-minimum: sh go.sh d-cold-minimum fminimum,fmaximum --cold-mib 512
#   gpu-e2e.txt:    sh .carry/e2e1/gpu-e2e.sh run .carry/e2e1
#   e-triton:       sh run-matrix.sh triton . --ptx fpa=fpa.ptx
#                   --ptx llvm=llvm.ptx --copy --ops fmin,fmax --types
#                   float,double --data random,positive,descending, warm
#                   and with --cold-mib 512, each cut at 280 s (timeout):
#                   57 of 96 cells each (fmin float, and fmin double at 1
#                   address up to descending data), no fmax: LLVM's loop
#                   takes seconds a launch at one address.
#   f-warm, g-cold: sh tri.sh f-warm --ops fmax,fmin --types double,float
#                   and the same with --cold-mib 512 (16:30 to 16:34 UTC,
#                   the same PTX; Triton, triton-copy and fpa in turns,
#                   no llvm): every cell. The merge takes these.
# The Triton files' own fpa and llvm rows (timed in the Triton process)
# stay in raw/; the merge takes only their triton rows
# (*-triton-rows.csv), so that fpa and llvm are fpa-bench's, with its
# controls.
set -eu
D=bench/results/2026-11-27-h200-matrix
R=$D/raw
for f in f-warm/triton-163023 g-cold/triton-163227 \
  f-warm/triton-cells-163023 g-cold/triton-cells-163227; do
  awk -F, '/^#/ || /^op,/ || $6 ~ /^triton/' $R/$f.csv >$R/$f-triton-rows.csv
done
bash bench/run-matrix.sh merge 2026-11-27-h200-learn \
  $R/a-warm-minmax/matrix-160249.csv $R/b-warm-minimum/matrix-160553.csv \
  $R/c-cold-minmax/matrix-160810.csv $R/d-cold-minimum/matrix-161147.csv \
  $R/f-warm/triton-163023-triton-rows.csv \
  $R/g-cold/triton-163227-triton-rows.csv \
  $R/a-warm-minmax/cells-160249.csv $R/b-warm-minimum/cells-160553.csv \
  $R/c-cold-minmax/cells-160810.csv $R/d-cold-minimum/cells-161147.csv \
  $R/f-warm/triton-cells-163023-triton-rows.csv \
  $R/g-cold/triton-cells-163227-triton-rows.csv
for m in warm cold; do
  python3 bench/report.py bench/results/2026-11-27-h200-learn.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --table $D/report-$m.md >$D/goals-$m.txt
  python3 bench/report.py bench/results/2026-11-27-h200-learn.csv \
    --memory $m --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
    --type float --used 0 --png $D/float-unused-$m.png >/dev/null
done
python3 bench/report.py bench/results/2026-11-27-h200-learn.csv \
  --memory warm --noise 0.97 --modes fpa-precheck,fpa-warp,fpa-warp-pre \
  --type float --used 0 --readme README.md >/dev/null
