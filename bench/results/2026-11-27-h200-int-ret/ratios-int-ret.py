#!/usr/bin/env python3
# ratios-int-ret.py MATRIX.csv V1,V2,...: each cell's int-ret rate (G updates/s)
# and each variant's rate over it (cells with an int-ret run: min/max, result unused)
import csv, sys
d = {}
for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith('#')):
    if r[0] == 'op':
        continue
    d[tuple(r[:5]) + ((r[5][:-5] if r[5].endswith('-cold') else r[5]),)] = float(r[6])
vs = sys.argv[2].split(',')
keys = sorted(set(k[:5] for k in d if k[:5] + ('int-ret',) in d))
print(' ' * 38 + ' '.join('%9s' % v for v in vs))
for k in keys:
    b = d[k + ('int-ret',)]
    print('%-30s %7.1f' % (','.join(k[:4]), b),
          ' '.join('%9.3f' % (d.get(k + (v,), float('nan')) / b) for v in vs))
