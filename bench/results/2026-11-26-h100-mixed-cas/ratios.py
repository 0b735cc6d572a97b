#!/usr/bin/env python3
"""Per-cell ratios from a fpa-bench detail CSV: BASE's G updates/s, then
BASE against each of OTHERS (a ratio of times: above 1, BASE is faster;
'-' where that variant did not run the cell), then llvm/llvm-copy."""
import collections, csv, sys

path, base = sys.argv[1], sys.argv[2]
others = sys.argv[3].split(',')
rows = list(csv.DictReader(open(path)))
print('checks not ok:', sum(r['check'] != 'ok' for r in rows))
cells = collections.defaultdict(dict)
n = {}
for r in rows:
    k = (r['op'], r['type'], int(r['addresses']), r['data'], r['result_used'])
    cells[k][r['variant'].removesuffix('-cold')] = float(r['ms_median'])
    n[k] = int(r['updates'])
print('op type addresses data used | %s G/s | ' % base +
      ' '.join('%s/%s' % (base, o) for o in others) + ' | llvm/llvm-copy')
for k in sorted(cells):
    c = cells[k]
    t = c[base]
    rs = ['%.2f' % (c[o] / t) if o in c else '-' for o in others]
    print(*k, '| %.1f |' % (n[k] / t / 1e6), ' '.join(rs),
          '| %.2f' % (c['llvm'] / c['llvm-copy']))
