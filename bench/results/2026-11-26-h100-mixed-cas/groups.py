#!/usr/bin/env python3
"""Per cell group, from a fpa-bench detail CSV: the lowest ratio of BASE
against LLVM, against PREV (lowest and mean), against the better of BASE and
fpa-precheck where that ran, and the llvm/llvm-copy range. Groups: op
(fminimum and fmaximum together as fmX), address count, and for 1 to 4096
addresses whether every update changes memory (fmax/fmaximum ascending,
fmin/fminimum descending: 'change') or not ('noop')."""
import collections, csv, sys

path, base, prev = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(path)))
print('checks not ok:', sum(r['check'] != 'ok' for r in rows))
cells = collections.defaultdict(dict)
for r in rows:
    k = (r['op'], r['type'], int(r['addresses']), r['data'], r['result_used'])
    cells[k][r['variant'].removesuffix('-cold')] = float(r['ms_median'])


def group(k):
    op, a, d = k[0], k[2], k[3]
    name = op if op in ('fmin', 'fmax') else 'fmX'
    if a == 16777216:
        return name, '2^24'
    change = (op in ('fmax', 'fmaximum') and d == 'ascending') or \
             (op in ('fmin', 'fminimum') and d == 'descending')
    return name, '%d %s' % (a, 'change' if change else 'noop')


grp = collections.defaultdict(list)
for k, c in cells.items():
    t = c[base]
    best = min(t, c.get('fpa-precheck', 9e9))
    grp[group(k)].append((c['llvm'] / t, c[prev] / t, best / t,
                          c['llvm'] / c['llvm-copy']))
print('op group | min %s/llvm | min, mean %s/%s | min %s/best | llvm/llvm-copy'
      % (base, base, prev, base))
for g in sorted(grp):
    v = grp[g]
    print('%s %s | %.2f | %.2f %.2f | %.2f | %.2f to %.2f' % (
        g[0], g[1], min(x[0] for x in v), min(x[1] for x in v),
        sum(x[1] for x in v) / len(v), min(x[2] for x in v),
        min(x[3] for x in v), max(x[3] for x in v)))
