#!/usr/bin/env python3
"""Per-cell throughput ratios of one variant against the others, from a
fpa-bench detail CSV (ms_median per variant; -cold suffixes dropped)."""
import collections, csv, sys

path, base = sys.argv[1], sys.argv[2]
others = sys.argv[3].split(',')
rows = list(csv.DictReader(open(path)))
print('checks not ok:', sum(r['check'] != 'ok' for r in rows))
cells = collections.defaultdict(dict)
for r in rows:
    k = (r['op'], r['type'], int(r['addresses']), r['data'], r['result_used'])
    cells[k][r['variant'].removesuffix('-cold')] = float(r['ms_median'])
lo = {o: (9.0, None) for o in others}
lo['llvm-copy/llvm'] = (9.0, None)
print('op type addresses data used | %s G/s | ' % base +
      ' '.join('%s/%s' % (base, o) for o in others) + ' | copy/llvm')
for k in sorted(cells):
    c = cells[k]
    t = c[base]
    rs = [c[o] / t for o in others]
    cp = c['llvm'] / c['llvm-copy']
    for o, r in zip(others, rs):
        lo[o] = min(lo[o], (r, k))
    lo['llvm-copy/llvm'] = min(lo['llvm-copy/llvm'], (cp, k))
    print(*k, '| %.1f |' % (16777216 / t / 1e6),
          ' '.join('%.2f' % r for r in rs), '| %.2f' % cp)
print('lowest:')
for o, (r, k) in lo.items():
    print('  %s: %.3f at %s' % (o, r, ' '.join(map(str, k))))
