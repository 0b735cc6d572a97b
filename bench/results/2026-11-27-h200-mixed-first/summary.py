#!/usr/bin/env python3
"""summary.txt from warm.log: every cell's ratios, then the cells where the
mixed-first variant (fpa) and the default of f5125e4 (fpa-base) differ by
more than the controls' spread. Run in this folder: python3 summary.py"""
import collections, statistics

d = collections.defaultdict(dict)
for line in open('warm.log'):
    p = line.strip().split(',')
    if line.startswith('#') or len(p) != 7 or p[0] == 'op':
        continue
    d[tuple(p[:5])][p[5]] = float(p[6])

out = ['# python3 summary.py (warm.log: G updates/s, median of 7 after 2)',
       'op type addresses data used | fpa/llvm base/llvm fpa/base '
       'fpa-copy/fpa llvm-copy/llvm']
rows = []
for k, v in sorted(d.items()):
    r = (v['fpa'] / v['llvm'], v['fpa-base'] / v['llvm'],
         v['fpa'] / v['fpa-base'], v['fpa-copy'] / v['fpa'],
         v['llvm-copy'] / v['llvm'])
    rows.append((k, r))
    out.append(' '.join(k) + ' | ' + ' '.join('%.3f' % x for x in r))
copies = [r[3] for _, r in rows]
lo, hi = min(copies), max(copies)
out.append('')
out.append('fpa-copy/fpa: %.3f to %.3f over %d cells' % (lo, hi, len(rows)))
out.append('llvm-copy/llvm outside 0.97 to 1.03 in %d cells'
           % sum(1 for _, r in rows if not 0.97 <= r[4] <= 1.03))
out.append('fpa/base median %.3f' % statistics.median(r[2] for _, r in rows))
out.append('cells where fpa/base is outside the controls\' range:')
for k, r in rows:
    if r[2] < lo or r[2] > hi:
        out.append('  ' + ' '.join(k) + ': fpa/base %.3f (fpa/llvm %.3f, '
                   'base/llvm %.3f)' % (r[2], r[0], r[1]))
out.append('cells below 0.97 of llvm: fpa %s; base %s' % (
    ', '.join('%s %.3f' % (' '.join(k), r[0]) for k, r in rows if r[0] < 0.97)
    or 'none',
    ', '.join('%s %.3f' % (' '.join(k), r[1]) for k, r in rows if r[1] < 0.97)
    or 'none'))
open('summary.txt', 'w').write('\n'.join(out) + '\n')
