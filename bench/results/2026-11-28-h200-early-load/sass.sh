#!/bin/sh
# go.sh: SASS of the cubins here, with the first cuobjdump/nvdisasm found
d=$(python3 -c 'import triton,os;print(os.path.join(os.path.dirname(triton.__file__),"backends","nvidia","bin"))' 2>/dev/null)
ls "$d" > "$OUT/tools.txt" 2>&1
for t in cuobjdump nvdisasm; do command -v $t >> "$OUT/tools.txt" 2>&1; done
CUOBJ=$(command -v cuobjdump || echo "$d/cuobjdump")
NVDIS=$(command -v nvdisasm || echo "$d/nvdisasm")
for f in *.cubin; do
  "$CUOBJ" -sass "$f" > "$OUT/${f%.cubin}.sass" 2>&1 || "$NVDIS" -c "$f" > "$OUT/${f%.cubin}.sass" 2>&1
done
ls -la "$OUT"
