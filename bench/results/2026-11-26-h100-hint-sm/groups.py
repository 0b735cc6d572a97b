import collections, csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
vs = sys.argv[2].split(',')
cells = collections.defaultdict(dict)
for r in rows:
    k = (r['op'], r['type'], int(r['addresses']), r['data'], r['result_used'])
    cells[k][r['variant'].removesuffix('-cold')] = float(r['ms_median'])
# per variant: min ratio vs llvm, vs fpa, vs best(fpa, fpa-precheck); grouped by addresses & noop-heavy
def g(k):
    a=k[2]; d=k[3]
    if a==16777216: return '2^24'
    ch = (k[0]=='fmax' and d=='ascending') or (k[0]=='fmin' and d=='descending')
    return '%d %s'%(a,'change' if ch else 'noop')
print('variant group | min/llvm min/fpa mean/fpa min/best mean/best')
for v in vs:
    grp = collections.defaultdict(list)
    for k,c in cells.items():
        if v not in c: continue
        t=c[v]; best=min(c['fpa'], c.get('fpa-precheck', 9e9))
        grp[g(k)].append((c['llvm']/t, c['fpa']/t, best/t))
    for gk in sorted(grp):
        L=grp[gk]
        print(v, gk, '| %.2f %.2f %.2f %.2f %.2f'%(min(x[0] for x in L), min(x[1] for x in L), sum(x[1] for x in L)/len(L), min(x[2] for x in L), sum(x[2] for x in L)/len(L)))
