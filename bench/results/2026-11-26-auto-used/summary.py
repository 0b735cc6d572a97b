#!/usr/bin/env python3
"""Ranges (min to max over ops, types and data patterns) of per-cell ratios
of this folder's runs, by address count, result used:
python3 summary.py > summary.txt"""
import csv, glob, os
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))


def load(run):
    cells = defaultdict(dict)
    for path in glob.glob(os.path.join(here, "raw", run, "matrix-*.csv")):
        with open(path) as f:
            for r in csv.reader(l for l in f if not l.startswith("#")):
                if r[0] == "op":
                    continue
                cells[tuple(r[:5])][r[5].replace("-cold", "")] = float(r[6])
    return cells


def ranges(cells, num, den, ops=None, data=None):
    out = defaultdict(list)
    for k, v in cells.items():
        if (ops and k[0] not in ops) or (data and k[3] not in data):
            continue
        if num in v and all(d in v for d in den):
            out[int(k[2])].append(v[num] / max(v[d] for d in den))
    return " | ".join("A=%s %.2f-%.2f" % (a if a < 2**20 else "2^24", min(x), max(x))
                      for a, x in sorted(out.items()))


MM = ("fmin", "fmax")
HOT = None
for run in ("a-warm", "b-cold"):
    c = load(run)
    print("%s, fmin fmax (fpa = this default, fpa-none = aggregate=none, the "
          "default before for used results)" % run)
    print("  fpa/fpa-none:          ", ranges(c, "fpa", ["fpa-none"]))
    print("  fpa/best exact mode:   ", ranges(c, "fpa", ["fpa-precheck", "fpa-warp", "fpa-warp-pre"]))
    print("  fpa-none/best (before):", ranges(c, "fpa-none", ["fpa-precheck", "fpa-warp", "fpa-warp-pre"]))
    print("  fpa/llvm:              ", ranges(c, "fpa", ["llvm"]))
    print("  llvm-copy/llvm:        ", ranges(c, "llvm-copy", ["llvm"]))
c = load("c-warm")
print("c-warm, fminimum fmaximum")
print("  fpa/fpa-none:          ", ranges(c, "fpa", ["fpa-none"]))
print("  fpa/fpa-warp:          ", ranges(c, "fpa", ["fpa-warp"]))
print("  fpa/llvm:              ", ranges(c, "fpa", ["llvm"]))
print("  llvm-copy/llvm:        ", ranges(c, "llvm-copy", ["llvm"]))
c = load("e-a1")
print("e-a1, fmin fmax (the leaders' precheck: fpa hinted, fpa-preon always, "
      "fpa-preoff never; fpa-copy: fpa's PTX again)")
for d in (("random", "positive"), ("ascending", "descending")):
    print("  %s:" % "/".join(d))
    print("    fpa/fpa-preon:  ", ranges(c, "fpa", ["fpa-preon"], data=d))
    print("    fpa/fpa-preoff: ", ranges(c, "fpa", ["fpa-preoff"], data=d))
print("  fpa-copy/fpa:     ", ranges(c, "fpa-copy", ["fpa"]))
for run in ("k-warm", "l-warm", "l-cold"):
    c = load(run)
    print("%s (H200), fmin fmax: the hint's variants against fpa-k1 (kept)" % run)
    for v in ("fpa-k4", "fpa-k16", "fpa-k64", "fpa-learn", "fpa-k1b", "fpa-preon", "fpa-preoff"):
        if any(v in x for x in c.values()):
            print("  %-10s/fpa-k1: %s" % (v, ranges(c, v, ["fpa-k1"])))
