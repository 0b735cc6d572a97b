#!/usr/bin/env python3
"""Ranges (min to max over ops, types and data patterns) of per-cell ratios
of this folder's runs, by address count: python3 summary.py > summary.txt"""
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


def ranges(cells, num, den, ops=None):
    out = defaultdict(list)
    for k, v in cells.items():
        if ops and k[0] not in ops:
            continue
        if num in v and all(d in v for d in den):
            out[int(k[2])].append(v[num] / max(v[d] for d in den))
    return " | ".join("A=%s %.2f-%.2f" % (a if a < 2**20 else "2^24", min(x), max(x))
                      for a, x in sorted(out.items()))


BEST = ["fpa-precheck", "fpa-warp-pre", "fpa-old"]
MM = ("fmin", "fmax")
for run in ("first-warm", "first-cold"):
    c = load(run)
    print("%s (fpa = the first build, fpa-old = the default before)" % run)
    print("  fpa/fpa-old, fmin fmax:        ", ranges(c, "fpa", ["fpa-old"], MM))
    print("  fpa/fpa-old, fminimum fmaximum:", ranges(c, "fpa", ["fpa-old"], ("fminimum", "fmaximum")))
    print("  fpa/best exact mode, fmin fmax:", ranges(c, "fpa", BEST, MM))
    print("  fpa/llvm:                      ", ranges(c, "fpa", ["llvm"]))
    print("  control fpa-new-copy/fpa:      ", ranges(c, "fpa-new-copy", ["fpa"], MM))
    print("  control llvm-copy/llvm:        ", ranges(c, "llvm-copy", ["llvm"]))
for run in ("forms-warm", "forms-cold"):
    c = load(run)
    print("%s (v1 = the first build, v2 = one hint hoisted, v3 = and one guard test: the committed form)" % run)
    for v in ("fpa-v1", "fpa-v2", "fpa-v3"):
        print("  %s/fpa-old, fmin fmax:        " % v, ranges(c, v, ["fpa-old"], MM))
    print("  fpa-v3/fpa-old, fminimum fmaximum:", ranges(c, "fpa-v3", ["fpa-old"], ("fminimum", "fmaximum")))
    print("  fpa-v3/best exact mode, fmin fmax:", ranges(c, "fpa-v3", BEST, MM))
    print("  fpa-v3/llvm:                      ", ranges(c, "fpa-v3", ["llvm"]))
    print("  control fpa-v3-copy/fpa-v3:       ", ranges(c, "fpa-v3-copy", ["fpa-v3"], MM))
    print("  control llvm-copy/llvm:           ", ranges(c, "llvm-copy", ["llvm"]))
for run in ("shared-warm", "shared-cold"):
    c = load(run)
    print("%s (fpa = the distinct path's per-lane copy shared with the grouping's, fpa-v3 = the build before)" % run)
    for ops in (MM, ("fminimum", "fmaximum")):
        print("  fpa/fpa-v3, %s:  " % " ".join(ops), ranges(c, "fpa", ["fpa-v3"], ops))
        print("  fpa/fpa-old, %s: " % " ".join(ops), ranges(c, "fpa", ["fpa-old"], ops))
        print("  control fpa-copy/fpa, %s:" % " ".join(ops), ranges(c, "fpa-copy", ["fpa"], ops))
    print("  fpa/llvm:                  ", ranges(c, "fpa", ["llvm"]))
    print("  control llvm-copy/llvm:    ", ranges(c, "llvm-copy", ["llvm"]))
