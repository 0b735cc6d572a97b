#!/usr/bin/env python3
"""Ratios of this folder's runs (python3 summary.py > summary.txt, here).

For each run: per address count, the lowest, median and highest ratio of
each variant to the run's base variant over the cells (op, type, data,
result used; warm and cold rows apart), with the cell of the extremes.
Then s0-new against s0-old: each default over its own run's precheck=on,
cell by cell (the two defaults cannot take turns in one process: their
hint words mean different things)."""
import collections
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    rows = collections.defaultdict(dict)
    with open(path) as f:
        for r in csv.DictReader(l for l in f if not l.startswith('#')):
            v = r['variant']
            cold = v.endswith('-cold')
            rows[(r['op'], r['type'], int(r['addresses']), r['data'],
                  r['result_used'], cold)][v[:-5] if cold else v] = float(
                      r['gupdates_per_s'])
    return rows


def ratios(name, path, base, others):
    print('## %s: variant / %s (%s)' % (name, base, os.path.relpath(path, HERE)))
    d = load(path)
    agg = collections.defaultdict(list)
    for k, x in d.items():
        for v in others:
            if v in x and base in x:
                agg[(k[2], v)].append((x[v] / x[base], k))
    for (a, v) in sorted(agg):
        l = sorted(agg[(a, v)])
        lo, med, hi = l[0], l[len(l) // 2], l[-1]
        print('  A=%-8d %-14s min %.2f (%s %s %s used=%s)  median %.2f  '
              'max %.2f (%s %s %s used=%s)' %
              (a, v, lo[0], lo[1][0], lo[1][1], lo[1][3], lo[1][4], med[0],
               hi[0], hi[1][0], hi[1][1], hi[1][3], hi[1][4]))
    return d


R = os.path.join(HERE, 'raw')
k = [os.path.join(R, 'k-warm', 'matrix-234254.csv'),
     os.path.join(R, 'k-cold', 'matrix-234646.csv')]
for p in k:
    ratios(os.path.basename(os.path.dirname(p)), p, 'fpa-base',
           ['fpa-base-copy', 'fpa-k2', 'fpa-k4', 'fpa-precheck'])
for s in ('s1-zero', 's2-beef'):
    ratios(s, os.path.join(R, s, 'matrix.csv'), 'fpa-old',
           ['fpa-old-copy', 'fpa-new', 'fpa-new-copy', 'fpa-precheck'])
old = ratios('s0-old', os.path.join(R, 's0-old', 'matrix.csv'), 'fpa-old',
             ['fpa-old-copy', 'fpa-precheck'])
new = ratios('s0-new', os.path.join(R, 's0-new', 'matrix.csv'), 'fpa-new',
             ['fpa-new-copy', 'fpa-precheck'])
print('## s0: (fpa-new / its precheck) / (fpa-old / its precheck)')
agg = collections.defaultdict(list)
for key, x in new.items():
    y = old.get(key)
    if y and 'fpa-precheck' in x and 'fpa-precheck' in y:
        agg[key[2]].append(((x['fpa-new'] / x['fpa-precheck']) /
                            (y['fpa-old'] / y['fpa-precheck']), key))
for a in sorted(agg):
    l = sorted(agg[a])
    print('  A=%-8d min %.2f  median %.2f  max %.2f' %
          (a, l[0][0], l[len(l) // 2][0], l[-1][0]))
