#!/usr/bin/env python3
# ratio.py MATRIX.csv A B: each cell's rate of variant A over variant B (median, min, max, and the cells outside 0.97 to 1.03)
import csv,sys,statistics
f=sys.argv[1]; a,b=sys.argv[2],sys.argv[3]
d={}
for r in csv.reader(l for l in open(f) if not l.startswith('#')):
    if r[0]=='op': continue
    d[tuple(r[:5])+(r[5],)]=float(r[6])
keys=sorted(set(k[:5] for k in d))
rs=[]
for k in keys:
    if k+(a,) in d and k+(b,) in d:
        rs.append((d[k+(a,)]/d[k+(b,)],k))
rs.sort()
print(f"{a}/{b}: n={len(rs)} median={statistics.median(r for r,_ in rs):.3f} min={rs[0][0]:.3f} {rs[0][1]} max={rs[-1][0]:.3f} {rs[-1][1]}")
print(" outside 0.97-1.03:", [(round(r,3),','.join(k)) for r,k in rs if r<0.97 or r>1.03])
