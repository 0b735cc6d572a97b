#!/usr/bin/env python3
"""Ratios of one variant against the per-lane lowering and int-limit.

    bench/warp-ratios.py [--variant fpa-warp] [--base fpa]
                         [--limit int-limit] MATRIX.csv...

Reads fpa-bench matrix files (op,type,addresses,data,result_used,variant,
gupdates_per_s) and prints, for each op, type and address count, the range
over data orders and result use of VARIANT/BASE and VARIANT/int-limit, then
the lowest VARIANT/BASE cells. Every cell is compared within its own file
(one run, side by side); a cell in several files gives one ratio per file.
With --by-data, also the mean, median and lowest VARIANT/BASE over the
cells of each address count and data order (all ops, types and result
uses): with several files, a mean that one noisy cell does not decide.
With --cell-median, also each cell's median VARIANT/BASE over the files
(passes of the same matrix) and, per address count and type, the mean and
the lowest of those medians: a cell-by-cell bound that one noisy pass does
not decide.
With --in-order N, also VARIANT/int-limit for each cell at N addresses in
the order the run measured them (a hint that learns from a cold start
shows in the first cells).
Run it with --variant set to a copy of BASE's PTX, run as a variant of
its own, for the noise of a single cell. --limit names the int-limit
variant (int-limit-cold in a file of fpa-bench --cold).
"""
import argparse
import collections
import csv
import statistics
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="fpa-warp")
    ap.add_argument("--base", default="fpa")
    ap.add_argument("--limit", default="int-limit")
    ap.add_argument("--worst", type=int, default=8)
    ap.add_argument("--by-data", action="store_true")
    ap.add_argument("--cell-median", action="store_true")
    ap.add_argument("--in-order", type=int, default=0)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    groups = collections.defaultdict(list)
    cells = []
    in_order = []
    for fn in a.files:
        rows = collections.defaultdict(dict)
        with open(fn) as f:
            for r in csv.reader(l for l in f if not l.startswith("#")):
                if r[0] == "op" or len(r) != 7 or not r[6]:
                    continue
                rows[tuple(r[:5])][r[5]] = float(r[6])
        for key, v in rows.items():
            if a.variant not in v or a.base not in v:
                continue
            rb = v[a.variant] / v[a.base]
            ri = v[a.variant] / v[a.limit] if a.limit in v else None
            groups[(key[0], key[1], int(key[2]))].append((rb, ri))
            cells.append((rb, key, fn))
            if int(key[2]) == a.in_order and ri is not None:
                in_order.append("%.2f" % ri)
    if not cells:
        sys.exit("no cell has both %s and %s" % (a.variant, a.base))
    print("op,type,addresses: %s/%s min-max, %s/%s min-max"
          % (a.variant, a.base, a.variant, a.limit))
    for g in sorted(groups, key=lambda k: (k[2], k[0], k[1])):
        rb = [x for x, _ in groups[g]]
        ri = [y for _, y in groups[g] if y is not None]
        lim = " %.2f-%.2f" % (min(ri), max(ri)) if ri else ""
        print("%s,%s,%d: %.3f-%.3f%s" % (g + (min(rb), max(rb), lim)))
    print("lowest %s/%s:" % (a.variant, a.base))
    for rb, key, fn in sorted(cells)[: a.worst]:
        print("  %.3f %s (%s)" % (rb, ",".join(key), fn))
    if a.by_data:
        by = collections.defaultdict(list)
        for rb, key, _ in cells:
            by[(int(key[2]), key[3])].append(rb)
        print("by address count and data order: %s/%s mean, median, lowest"
              " (cells)" % (a.variant, a.base))
        for k in sorted(by):
            r = by[k]
            print("  %d,%s: %.3f %.3f %.3f (%d)" % (
                k + (statistics.mean(r), statistics.median(r), min(r),
                     len(r))))
    if a.cell_median:
        per = collections.defaultdict(list)
        for rb, key, _ in cells:
            per[key].append(rb)
        by = collections.defaultdict(list)
        for key, r in per.items():
            by[(int(key[2]), key[1])].append((statistics.median(r), key,
                                              len(r)))
        print("each cell's median %s/%s over the files: by address count"
              " and type, mean, lowest (cells, files per cell)"
              % (a.variant, a.base))
        for k in sorted(by):
            m = by[k]
            low = min(m)
            print("  %d,%s: %.3f %.3f %s (%d, %d-%d)" % (
                k + (statistics.mean(x for x, _, _ in m), low[0],
                     ",".join(low[1]), len(m), min(n for _, _, n in m),
                     max(n for _, _, n in m))))
    if a.in_order:
        print("%s/%s at %d addresses, in the run's order: %s"
              % (a.variant, a.limit, a.in_order, " ".join(in_order)))


if __name__ == "__main__":
    main()
