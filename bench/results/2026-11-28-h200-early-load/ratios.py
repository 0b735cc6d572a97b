# ratios.py CSV VARIANTS BASE: each cell of the fpa-bench CSV with BASE's rate
# (G updates/s) and each of the comma-separated VARIANTS over it (a -cold
# suffix is dropped, so a cold file reads like a warm one).
import csv,sys
f=sys.argv[1]; vs=sys.argv[2].split(','); base=sys.argv[3]
d={}
for r in csv.reader(l for l in open(f) if not l.startswith('#') and l.count(',')==6):
    if r[0]=='op': continue
    v=r[5].replace('-cold','')
    try: d[tuple(r[:5])+(v,)]=float(r[6])
    except: pass
keys=sorted(set(k[:5] for k in d), key=lambda k:(k[0],k[1],int(k[2]),k[3],k[4]))
print('%-36s %8s '%('cell',base)+' '.join('%9s'%v for v in vs))
for k in keys:
    if k+(base,) not in d: continue
    b=d[k+(base,)]
    print('%-36s %8.2f '%(','.join(k),b)+' '.join('%9.3f'%(d.get(k+(v,),float('nan'))/b) for v in vs))
