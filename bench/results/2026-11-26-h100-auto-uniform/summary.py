#!/usr/bin/env python3
"""Per memory state and result_used: fpa-static (the default, aggregate=auto,
on kernels whose address is the pointer argument) against fpa-static-none
(the same IR with aggregate=none: the default before), against the best of
fpa-warp, fpa-warp-pre and fpa-static-none, and against llvm; the llvm-copy
control; then every unused cell's figures (G updates/s)."""
import collections, csv, os, sys

here = os.path.dirname(os.path.abspath(__file__))
for mem in ("warm", "cold"):
    rows = list(csv.DictReader(open(os.path.join(here, mem + "-cells.csv"))))
    print(mem, "checks not ok:", sum(r["check"] != "ok" for r in rows))
    c = collections.defaultdict(dict)
    for r in rows:
        k = (r["op"], r["type"], r["data"], r["result_used"])
        g = int(r["updates"]) / float(r["ms_median"]) / 1e6
        c[k][r["variant"].removesuffix("-cold")] = g
    for used in ("0", "1"):
        rs, rb, rl, rc = [], [], [], []
        for k, v in c.items():
            if k[3] != used:
                continue
            rs.append(v["fpa-static"] / v["fpa-static-none"])
            best = max(v[m] for m in ("fpa-warp", "fpa-warp-pre", "fpa-static-none") if m in v)
            rb.append(v["fpa-static"] / best)
            rl.append(v["fpa-static"] / v["llvm"])
            rc.append(v["llvm-copy"] / v["llvm"])
        print("  used=%s static/static-none %.2f to %.2f; static/best %.2f to %.2f; "
              "static/llvm %.1f to %.0f; llvm-copy/llvm %.2f to %.2f"
              % (used, min(rs), max(rs), min(rb), max(rb), min(rl), max(rl), min(rc), max(rc)))
    for k, v in sorted(c.items()):
        if k[3] == "0":
            print("   ", *k[:3], " ".join("%s=%.1f" % (n, v[n]) for n in
                                       ("fpa-static", "fpa-static-none", "fpa-warp", "fpa-warp-pre") if n in v))
