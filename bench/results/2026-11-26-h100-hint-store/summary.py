#!/usr/bin/env python3
"""Ranges (min to max over ops, types and data patterns) of per-cell ratios
of this folder's runs, by result use and address count:
python3 summary.py > summary.txt"""
import csv, glob, os
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
for run in ("change-warm", "change-cold", "any-warm", "any-cold"):
    cells = defaultdict(dict)
    for path in glob.glob(os.path.join(here, "raw", run, "matrix-*.csv")):
        with open(path) as f:
            for r in csv.reader(l for l in f if not l.startswith("#")):
                if r[0] != "op":
                    cells[tuple(r[:5])][r[5].replace("-cold", "")] = float(r[6])
    print(run)
    for num, den in (("fpa", "fpa-cur"), ("fpa-copy", "fpa"), ("fpa", "fpa-precheck"),
                     ("fpa-cur", "fpa-precheck")):
        for used in "01":
            out = defaultdict(list)
            for k, v in cells.items():
                if k[4] == used and num in v and den in v:
                    out[int(k[2])].append(v[num] / v[den])
            print("  %s/%s used=%s: " % (num, den, used) + " | ".join(
                "A=%s %.2f-%.2f" % (a if a < 2**20 else "2^24", min(x), max(x))
                for a, x in sorted(out.items())))
