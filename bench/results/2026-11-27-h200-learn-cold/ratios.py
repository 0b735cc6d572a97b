#!/usr/bin/env python3
# ratios.py MATRIX.csv V1,V2,...: each cell's llvm rate (G updates/s) and each variant's rate over it
import csv,sys,glob
f=sys.argv[1]; vs=sys.argv[2].split(',')
d={}
for r in csv.reader(l for l in open(f) if not l.startswith('#')):
    if r[0]=='op': continue
    d[tuple(r[:5])+((r[5][:-5] if r[5].endswith('-cold') else r[5]),)]=float(r[6])
keys=sorted(set(k[:5] for k in d))
print(' '*34+' '.join('%11s'%v for v in vs))
for k in keys:
    b=d[k+('llvm',)]
    print('%-26s %7.2f'%(','.join(k[:5]),b), ' '.join('%11.3f'%(d.get(k+(v,),float('nan'))/b) for v in vs))
