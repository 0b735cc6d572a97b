#!/usr/bin/env python3
# ratios-named.py MATRIX.csv warm|cold V1,V2,...: each cell's llvm rate
# (G updates/s) and each variant's rate over it; in a cold run only the
# trailing -cold of each name is dropped (this run has a variant named
# fpa-cold, which learn-cold's ratios.py would read as fpa)
import csv, sys
f, m, vs = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
d = {}
for r in csv.reader(l for l in open(f) if not l.startswith('#')):
    if r[0] == 'op':
        continue
    n = r[5]
    if m == 'cold':
        n = n[:-5]
    d[tuple(r[:5]) + (n,)] = float(r[6])
keys = sorted(set(k[:5] for k in d))
print(' ' * 34 + ' '.join('%11s' % v for v in vs))
for k in keys:
    b = d[k + ('llvm',)]
    print('%-26s %7.2f' % (','.join(k[:5]), b),
          ' '.join('%11.3f' % (d.get(k + (v,), float('nan')) / b) for v in vs))
