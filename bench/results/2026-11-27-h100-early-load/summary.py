#!/usr/bin/env python3
"""Ratios of this folder's runs (python3 summary.py > summary.txt, here):
per run and address count, each variant over the default (`fpa`), lowest,
median and highest over the cells, and the lowest cells against LLVM."""
import collections
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
for run, exp in (('e-warm', 'fpa-early'), ('f-warm', 'fpa-early2'),
                 ('f-cold', 'fpa-early2')):
    d = collections.defaultdict(dict)
    with open(os.path.join(HERE, 'raw', run, 'matrix.csv')) as f:
        for r in csv.DictReader(l for l in f if not l.startswith('#')):
            v = r['variant']
            v = v[:-5] if v.endswith('-cold') else v
            d[(r['op'], r['type'], int(r['addresses']), r['data'],
               r['result_used'])][v] = float(r['gupdates_per_s'])
    print('## %s: variant / fpa' % run)
    for a in sorted({k[2] for k in d}):
        for v in ('fpa-copy', exp):
            l = sorted((x[v] / x['fpa'], k) for k, x in d.items() if k[2] == a)
            print('  A=%-8d %-10s min %.2f (%s %s %s used=%s)  median %.2f  '
                  'max %.2f (%s %s %s used=%s)' %
                  (a, v, l[0][0], l[0][1][0], l[0][1][1], l[0][1][3],
                   l[0][1][4], l[len(l) // 2][0], l[-1][0], l[-1][1][0],
                   l[-1][1][1], l[-1][1][3], l[-1][1][4]))
    low = sorted((x[exp] / x['llvm'], x['fpa'] / x['llvm'], k)
                 for k, x in d.items())[:4]
    print('  lowest %s/llvm (fpa/llvm):' % exp)
    for a, b, k in low:
        print('    %.3f (%.3f) %s' % (a, b, ' '.join(map(str, k))))
