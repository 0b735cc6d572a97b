#!/usr/bin/env python3
"""Ratios, goals, tables and a figure from a merged benchmark CSV (issue 5).

  python3 bench/report.py bench/results/NAME.csv
        [--table FILE.md] [--png FILE.png] [--readme README.md]
        [--type float] [--used 0] [--noise 0.95] [--memory warm|cold|fill|cold-fill]
        [--modes fpa-precheck,fpa-warp,...]

The CSV: '#' lines are comments; header
  op,type,addresses,data,result_used,variant,gupdates_per_s
(extra columns are ignored, except that check=BAD marks a failed cell). An
empty gupdates_per_s is a failed cell; a row that is not there is a missing
cell. Variants: llvm, fpa, fpa-* (any number, treated alike), int-limit,
triton, llvm-copy (the identical-code control), and whatever else appears
(shown, not rated). A run with the output cold in L2 names its variants
NAME-cold: --memory cold rates those rows (read as NAME), the default
--memory warm the others. A run with shared memory filled before each
launch (fpa-bench --smem-fill) names them NAME-fill, or NAME-cold-fill:
--memory fill and cold-fill.

stdout: the summary table (type --type, result_used --used: rows op x data,
columns A, cells "fpa/llvm · fpa/int-limit") and the goals, each met or not
with its failing cells:
  1. fpa >= llvm in every cell, within noise (ratio >= --noise)
  2. fpa >= 0.95 x int-limit for same-sign data (data=positive), every A
  3. mixed-sign data (random) at A=32 and A=4096: fpa/int-limit, met where
     every ratio >= --noise
  4. fpa >= triton (ratio >= --noise) in every cell that has triton
  5. (with --modes) fpa >= 0.95 x the best of those fpa-* variants, the
     exact modes, in every cell
  6. fmin and fmax at one address on random data: fpa >= 30 x int-limit
  7. (with llvm-copy rows) llvm-copy/llvm within 0.97 to 1.03 in every cell
  8. (with int-ret rows) fpa >= 0.95 x int-ret, the integer atomic with its
     old value waited for (min/max, result unused), in every cell that has it
  9. (with fpa-copy rows) fpa-copy/fpa within 0.97 to 1.03 in every cell:
     the default's own identical-code control. Its hint lives in shared
     memory that a launch inherits from the one before, so the copy, run
     right after fpa, can disagree with it where the hint sets the speed
and for goals 1 to 4 the fpa-* variant that does best on it.
--table: the same, plus the full table of every cell.
--png: throughput against addresses (log-log), a panel per op and data
pattern, a line per variant, for --type and --used (needs matplotlib).
--readme: the summary table and the CSV's name go between
<!-- bench-table:begin --> and <!-- bench-table:end -->.
Only the standard library is needed, except for --png.
"""
import argparse
import csv
import math
import os
import sys

OPS = ["fmin", "fmax", "fminimum", "fmaximum", "fadd", "fsub"]
TYPES = ["float", "double", "half"]
DATA = ["random", "positive", "ascending", "descending"]
REQUIRED = ["op", "type", "addresses", "data", "result_used", "variant", "gupdates_per_s"]
BEGIN = "<!-- bench-table:begin -->"
END = "<!-- bench-table:end -->"
DASH = "\u2013"  # shown where a ratio cannot be computed
DOT = "\u00b7"
FAILED = "failed"  # a row with an empty figure (or check=BAD)
COLD = "-cold"  # the suffix of a cold-L2 run's variant names
# --memory: the suffix of each state's variant names. fpa-bench adds -cold
# for a cold-L2 run and then -fill for one with --smem-fill (shared memory
# set before each launch: the default's hint starts from that word).
MEMORY = {"warm": "", "cold": COLD, "fill": "-fill", "cold-fill": COLD + "-fill"}
MEMORY_WORDS = {"warm": "", "cold": ", cold L2", "fill": ", shared memory filled",
                "cold-fill": ", cold L2, shared memory filled"}
BEST_MODE = "best exact mode"  # per cell, the fastest of --modes (goal 5)


def memory_state(variant):
    """(state, name without the state's suffix) of a row's variant name."""
    for state in ("cold-fill", "fill", "cold"):
        if variant.endswith(MEMORY[state]):
            return state, variant[:-len(MEMORY[state])]
    return "warm", variant


def order(seq, known):
    """known first, in its order, then the rest sorted."""
    seq = set(seq)
    return [x for x in known if x in seq] + sorted(x for x in seq if x not in known)


def variant_order(vs):
    fpa_star = sorted(v for v in vs if v.startswith("fpa-"))
    head = [v for v in ("llvm", "fpa") if v in vs]
    tail = [v for v in ("int-limit", "triton") if v in vs]
    rest = sorted(v for v in vs if v not in head + tail + fpa_star)
    return head + fpa_star + tail + rest


class Results:
    def __init__(self, path, memory="warm"):
        self.path = path
        self.memory = memory
        self.cells = {}  # (op, type, A, data, used) -> {variant: float or FAILED}
        self.comments = []
        self.duplicates = 0
        self.variants = set()
        with open(path, newline="") as f:
            lines = []
            for ln in f:
                if ln.lstrip().startswith("#"):
                    self.comments.append(ln.rstrip("\n"))
                elif ln.strip():
                    lines.append(ln)
        if not lines:
            raise ValueError("%s: no header line" % path)
        rd = csv.DictReader(lines)
        missing = [c for c in REQUIRED if c not in (rd.fieldnames or [])]
        if missing:
            raise ValueError("%s: header lacks %s" % (path, ", ".join(missing)))
        for n, row in enumerate(rd, 2):
            try:
                key = (row["op"].strip(), row["type"].strip(), int(row["addresses"]),
                       row["data"].strip(), int(row["result_used"]))
            except (TypeError, ValueError):
                raise ValueError("%s: bad row %d: %r" % (path, n, row))
            v = row["variant"].strip()
            # fpa-bench and triton_bench name a cold-L2 run's variants
            # NAME-cold; fpa-bench names a run with --smem-fill NAME-fill
            state, v = memory_state(v)
            if state != memory:
                continue
            g = (row["gupdates_per_s"] or "").strip()
            bad = (row.get("check") or "").strip().upper() in ("BAD", "ERROR")
            val = FAILED if (g == "" or bad) else float(g)
            if val is not FAILED and not (val > 0 and math.isfinite(val)):
                val = FAILED
            d = self.cells.setdefault(key, {})
            if v in d:
                self.duplicates += 1
            d[v] = val
            self.variants.add(v)
        self.variants = variant_order(self.variants)
        self.fpa_star = [v for v in self.variants if v.startswith("fpa-")]

    def get(self, key, variant):
        """float, FAILED, or None (missing)."""
        return self.cells.get(key, {}).get(variant)

    def ratio(self, key, num, den):
        a, b = self.get(key, num), self.get(key, den)
        if isinstance(a, float) and isinstance(b, float):
            return a / b
        return None

    def keys(self, op=None, ty=None, a=None, data=None, used=None):
        out = []
        for k in self.cells:
            if ((op is None or k[0] == op) and (ty is None or k[1] == ty) and (a is None or k[2] == a)
                    and (data is None or k[3] == data) and (used is None or k[4] == used)):
                out.append(k)
        return sorted(out, key=self.sort_key)

    @staticmethod
    def sort_key(k):
        op, ty, a, data, used = k
        return (OPS.index(op) if op in OPS else len(OPS), op, TYPES.index(ty) if ty in TYPES else 9, ty,
                used, DATA.index(data) if data in DATA else 9, data, a)

    def addresses(self):
        return sorted({k[2] for k in self.cells})

    def ops(self):
        return order({k[0] for k in self.cells}, OPS)


def fmt_ratio(r):
    if r is None:
        return DASH
    if r >= 100:
        return "%.0f" % r
    if r >= 10:
        return "%.1f" % r
    return "%.2f" % r


def fmt_value(v):
    if v is None:
        return DASH
    if v is FAILED:
        return "BAD"
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    if v >= 1:
        return "%.2f" % v
    return "%.3g" % v


def a_label(a):
    if a >= 65536 and a & (a - 1) == 0:
        return "2^%d" % (a.bit_length() - 1)
    return str(a)


def cell_name(k):
    op, ty, a, data, used = k
    return "%s %s A=%s %s used=%d" % (op, ty, a_label(a), data, used)


def cells(n):
    return "%d cell%s" % (n, "" if n == 1 else "s")


def used_words(used):
    return "result used" if used else "result unused"


def summary_table(res, ty, used):
    """Markdown: rows op x data, columns A, cells fpa/llvm · fpa/int-limit."""
    addrs = res.addresses()
    lines = ["fpa/llvm %s fpa/int-limit, type %s, %s%s (%s: no figure for one of the two)" % (
        DOT, ty, used_words(used), MEMORY_WORDS[res.memory], DASH), ""]
    lines.append("| op | data | " + " | ".join("A=" + a_label(a) for a in addrs) + " |")
    lines.append("| --- | --- | " + " | ".join("---" for _ in addrs) + " |")
    rows = 0
    for op in res.ops():
        datas = order({k[3] for k in res.keys(op=op, ty=ty, used=used)}, DATA)
        for data in datas:
            cells = []
            for a in addrs:
                k = (op, ty, a, data, used)
                cells.append("%s %s %s" % (fmt_ratio(res.ratio(k, "fpa", "llvm")), DOT,
                                           fmt_ratio(res.ratio(k, "fpa", "int-limit"))))
            lines.append("| %s | %s | %s |" % (op, data, " | ".join(cells)))
            rows += 1
    if rows == 0:
        lines.append("| (no %s rows with result_used=%d) | | %s |" % (ty, used, " | ".join("" for _ in addrs[1:])))
    return "\n".join(lines)


def full_table(res):
    vs = [v for v in res.variants if not v.startswith("fpa-")]
    head = ["op", "type", "A", "data", "used"] + vs
    if res.fpa_star:
        head += ["best fpa-*"]
    head += ["fpa/llvm", "fpa/int-limit"]
    has_triton = "triton" in res.variants
    if has_triton:
        head += ["fpa/triton"]
    if res.fpa_star:
        head += ["best/llvm", "best/int-limit"]
    lines = ["Figures in billions of updates per second; BAD: the cell ran and failed its "
             "check (or has no figure); %s: no row." % DASH, "",
             "| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for k in res.keys():
        op, ty, a, data, used = k
        row = [op, ty, a_label(a), data, str(used)] + [fmt_value(res.get(k, v)) for v in vs]
        best = best_star(res, k)
        if res.fpa_star:
            row.append("%s %s" % (best, fmt_value(res.get(k, best))) if best else DASH)
        row += [fmt_ratio(res.ratio(k, "fpa", "llvm")), fmt_ratio(res.ratio(k, "fpa", "int-limit"))]
        if has_triton:
            row.append(fmt_ratio(res.ratio(k, "fpa", "triton")))
        if res.fpa_star:
            row += [fmt_ratio(res.ratio(k, best, "llvm") if best else None),
                    fmt_ratio(res.ratio(k, best, "int-limit") if best else None)]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def best_star(res, k):
    """The fpa-* variant with the highest figure in cell k, or None."""
    best, bv = None, None
    for v in res.fpa_star:
        x = res.get(k, v)
        if isinstance(x, float) and (bv is None or x > bv):
            best, bv = v, x
    return best


class Goal:
    def __init__(self, number, text, keys, den, threshold, listing=False, num="fpa", upper=None,
                 alternatives=True):
        self.num = num  # the variant rated (fpa, or llvm-copy for the control)
        self.upper = upper  # if set, a ratio above it fails too
        self.alternatives = alternatives  # rate the fpa-* variants as well
        self.number = number
        self.text = text
        self.keys = keys  # the cells the goal is about
        self.den = den  # the variant fpa is compared with
        self.threshold = threshold
        self.listing = listing  # list every ratio, not only the failing ones

    def rate(self, res, num):
        """(rated, failing, unrated, ratios) for variant num: failing is a
        list of (key, ratio or None, why)."""
        rated, failing, unrated, ratios = 0, [], 0, []
        for k in self.keys:
            d = res.get(k, self.den)
            if not isinstance(d, float):
                unrated += 1
                continue
            x = res.get(k, num)
            if x is None and num != "fpa":
                continue  # that variant was not run for this cell
            rated += 1
            if x is None:
                failing.append((k, None, "no %s row" % num))
            elif x is FAILED:
                failing.append((k, None, "%s BAD" % num))
            else:
                r = x / d
                ratios.append((k, r))
                if r < self.threshold or (self.upper is not None and r > self.upper):
                    failing.append((k, r, ""))
        return rated, failing, unrated, ratios

    def report(self, res):
        out = []
        num = self.num
        rated, failing, unrated, ratios = self.rate(res, num)
        met = rated > 0 and not failing
        status = "MET" if met else ("NOT MET" if rated else "NOT RATED (no cells)")
        bound = ("outside %.2f to %.2f" % (self.threshold, self.upper) if self.upper is not None
                 else "below %.2f" % self.threshold)
        out.append("Goal %d: %s: %s (%d of %s %s%s)" % (
            self.number, self.text, status, len(failing), cells(rated), bound,
            ", %s with no %s figure" % (cells(unrated), self.den) if unrated else ""))
        if self.listing:
            for k, r in ratios:
                out.append("    %s: %s/%s = %s%s" % (cell_name(k), num, self.den, fmt_ratio(r),
                                                     "" if r >= self.threshold else "  (below)"))
            for k, r, why in failing:
                if r is None:
                    out.append("    %s: %s" % (cell_name(k), why))
        else:
            for k, r, why in failing:
                out.append("    %s: %s" % (cell_name(k), "%s/%s = %s" % (num, self.den, fmt_ratio(r))
                                              if r is not None else why))
        if not self.alternatives:
            return met, out
        # The fpa-* variants on the same goal.
        best = None
        lines = []
        for v in res.fpa_star:
            vr, vf, _, vratios = self.rate(res, v)
            if vr == 0:
                continue
            worst = min(vratios, key=lambda kr: kr[1]) if vratios else None
            # fewest failing, then most cells, then the best worst ratio
            score = (len(vf) / vr, -vr, -(worst[1] if worst else 0.0))
            lines.append((score, v, vr, vf, worst))
            if best is None or score < best[0]:
                best = (score, v, vr, vf, worst)
        if best is None:
            out.append("    best fpa-* variant: none has figures here")
        else:
            _, v, vr, vf, worst = best
            out.append("    best fpa-* variant: %s: %s (%d of %s below%s)" % (
                v, "met" if not vf else "not met", len(vf), cells(vr),
                "; worst %s/%s = %s at %s" % (v, self.den, fmt_ratio(worst[1]), cell_name(worst[0])) if worst else ""))
            for k, r, why in vf:
                out.append("        %s: %s" % (cell_name(k), "%s/%s = %s" % (v, self.den, fmt_ratio(r)) if r is not None else why))
            others = [ln for ln in sorted(lines) if ln[1] != v]
            for _, ov, ovr, ovf, oworst in others:
                out.append("    also %s: %d of %s below%s" % (
                    ov, len(ovf), cells(ovr), "; worst %s at %s" % (fmt_ratio(oworst[1]), cell_name(oworst[0])) if oworst else ""))
        return met, out


def add_best_mode(res, modes):
    """Puts BEST_MODE into every cell where one of `modes` has a figure:
    the highest of their figures (goal 5's yardstick)."""
    for k, d in res.cells.items():
        xs = [d[m] for m in modes if isinstance(d.get(m), float)]
        if xs:
            d[BEST_MODE] = max(xs)


def goals(res, noise, modes=None):
    allk = res.keys()
    extra = []
    if modes:
        add_best_mode(res, modes)
        extra.append(Goal(5, "fpa >= 0.95 x the best of the exact modes %s in every cell" % ", ".join(modes),
                          allk, BEST_MODE, 0.95, alternatives=False))
    extra.append(Goal(6, "fmin and fmax at one address on random data: fpa >= 30 x int-limit",
                      [k for k in allk if k[0] in ("fmin", "fmax") and k[2] == 1 and k[3] == "random"],
                      "int-limit", 30.0, listing=True, alternatives=False))
    if "llvm-copy" in res.variants:
        extra.append(Goal(7, "the control: llvm-copy within 0.97 to 1.03 of llvm in every cell", allk,
                          "llvm", 0.97, num="llvm-copy", upper=1.03, alternatives=False))
    if "int-ret" in res.variants:
        extra.append(Goal(8, "fpa >= 0.95 x int-ret (the integer atomic with its old value waited for) "
                          "in every cell that has int-ret",
                          [k for k in allk if res.get(k, "int-ret") is not None], "int-ret", 0.95,
                          alternatives=False))
    if "fpa-copy" in res.variants:
        extra.append(Goal(9, "the control: fpa-copy within 0.97 to 1.03 of fpa in every cell", allk,
                          "fpa", 0.97, num="fpa-copy", upper=1.03, alternatives=False))
    return [
        Goal(1, "fpa >= llvm in every cell, within noise", allk, "llvm", noise),
        Goal(2, "fpa >= 0.95 x int-limit for same-sign data (positive) at every address count",
             [k for k in allk if k[3] == "positive"], "int-limit", 0.95),
        Goal(3, "mixed-sign data (random) at A=32 and A=4096: fpa/int-limit",
             [k for k in allk if k[3] == "random" and k[2] in (32, 4096)], "int-limit", noise, listing=True),
        Goal(4, "fpa >= triton in every cell that has triton, within noise",
             [k for k in allk if res.get(k, "triton") is not None], "triton", noise),
    ] + extra


def goals_text(res, noise, modes=None):
    out = []
    for g in goals(res, noise, modes):
        _, lines = g.report(res)
        out.extend(lines)
    return "\n".join(out)


def write_png(res, path, ty, used):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    addrs = res.addresses()
    present = {k[3] for k in res.cells}  # a row per data pattern that has rows
    datas = [d for d in DATA if d in present] + sorted(present - set(DATA))
    ops = res.ops()  # a column per op that has rows
    fig, axes = plt.subplots(len(datas), len(ops), figsize=(4.0 * len(ops), 3.2 * len(datas)),
                             sharex=True, squeeze=False)
    style = {"llvm": dict(color="tab:red", marker="o", lw=1.6),
             "fpa": dict(color="tab:blue", marker="s", lw=2.6),
             "int-limit": dict(color="black", marker="", ls="--", lw=1.4),
             "triton": dict(color="tab:green", marker="^", lw=1.6)}
    others = ["tab:orange", "tab:purple", "tab:brown", "tab:pink", "tab:olive", "tab:cyan", "tab:gray"]
    for j, v in enumerate([v for v in res.variants if v not in style]):
        style[v] = dict(color=others[j % len(others)], marker=".", ls=":", lw=1.3)
    handles = {}
    for r, data in enumerate(datas):
        for c, op in enumerate(ops):
            ax = axes[r][c]
            drawn = False
            for v in res.variants:
                ys = []
                for a in addrs:
                    x = res.get((op, ty, a, data, used), v)
                    ys.append(x if isinstance(x, float) else float("nan"))
                if all(math.isnan(y) for y in ys):
                    continue
                h, = ax.plot(addrs, ys, label=v, **style[v])
                handles.setdefault(v, h)
                drawn = True
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.grid(True, which="both", alpha=0.3)
            if not drawn:
                ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes, color="gray")
            if r == 0:
                ax.set_title(op)
            if c == 0:
                ax.set_ylabel("%s\nGupdates/s" % data)
            if r == len(datas) - 1:
                ax.set_xlabel("addresses")
            ax.set_xticks(addrs)
            ax.set_xticklabels([a_label(a) for a in addrs])
    fig.suptitle("Atomic update throughput, type %s, %s, %s L2; a panel per operation (columns) and data "
                 "pattern (rows); log-log\n%s" % (ty, used_words(used), res.memory, os.path.basename(res.path)))
    order_h = [v for v in res.variants if v in handles]
    fig.legend([handles[v] for v in order_h], order_h, loc="lower center", ncol=max(1, len(order_h)),
               frameon=False)
    fig.tight_layout(rect=(0, 0.04, 1, 0.95))
    fig.savefig(path, dpi=80)
    plt.close(fig)


def update_readme(readme, block):
    with open(readme) as f:
        text = f.read()
    b = text.find(BEGIN)
    e = text.find(END)
    if b < 0 or e < 0 or e < b:
        raise ValueError("%s: no %s ... %s markers" % (readme, BEGIN, END))
    new = text[:b + len(BEGIN)] + "\n" + block.rstrip("\n") + "\n" + text[e:]
    if new != text:
        with open(readme, "w") as f:
            f.write(new)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--table", metavar="FILE", help="markdown: goals, summary and the full table")
    ap.add_argument("--png", metavar="FILE", help="figure (needs matplotlib)")
    ap.add_argument("--readme", metavar="FILE", help="put the summary table between the bench-table markers")
    ap.add_argument("--type", default="float", choices=TYPES, help="type of the summary and the figure")
    ap.add_argument("--used", type=int, default=0, choices=(0, 1), help="result_used of the summary and the figure")
    ap.add_argument("--noise", type=float, default=0.95, help="ratio that counts as 'not slower' (default 0.95)")
    ap.add_argument("--memory", default="warm", choices=tuple(MEMORY),
                    help="rate the warm rows, the cold-L2 ones (variants named NAME-cold, read as NAME), "
                         "those run with shared memory filled (NAME-fill) or both (NAME-cold-fill)")
    ap.add_argument("--modes", default="", metavar="LIST",
                    help="comma list of fpa-* variants that are exact modes: adds goal 5 (fpa against the "
                         "best of them in each cell)")
    args = ap.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    try:
        res = Results(args.csv, args.memory)
    except (OSError, ValueError) as e:
        sys.stderr.write("report: %s\n" % e)
        return 1
    if res.duplicates:
        sys.stderr.write("report: %d duplicate rows; the last of each counts\n" % res.duplicates)
    summary = summary_table(res, args.type, args.used)
    gtext = goals_text(res, args.noise, modes)
    print("# %s: %d cells (%s), variants %s" % (args.csv, len(res.cells), args.memory, ", ".join(res.variants)))
    print()
    print(summary)
    print()
    print(gtext)
    if args.table:
        with open(args.table, "w") as f:
            f.write("# Benchmark report: %s\n\n" % args.csv)
            for c in res.comments:
                f.write("    %s\n" % c)
            f.write("\n## Goals\n\n```\n%s\n```\n\n## Summary\n\n%s\n\n## Every cell\n\n%s\n" % (
                gtext, summary, full_table(res)))
    if args.png:
        write_png(res, args.png, args.type, args.used)
    if args.readme:
        rel = os.path.relpath(os.path.abspath(args.csv), os.path.dirname(os.path.abspath(args.readme)))
        try:
            update_readme(args.readme, summary + "\n\nFrom `%s`." % rel)
        except (OSError, ValueError) as e:
            sys.stderr.write("report: %s\n" % e)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
