import re, sys
src, dst = sys.argv[1], sys.argv[2]
lines = open(src).read().split('\n')
out = []
i = 0
regre = re.compile(r'%[a-z]+[0-9]+')
nmoved = 0
while i < len(lines):
    l = lines[i]
    m = re.match(r'\.visible \.entry (k_f(min|max)_float_[01])\(', l)
    if not m:
        out.append(l); i += 1; continue
    # find end of function
    j = i
    while lines[j] != '}':
        j += 1
    body = lines[i:j+1]
    # quant branch: line with '@%pN bra' right after 'setp.eq.b32 %pN, %rK, 0' that precedes gen.exit
    ge = next(k for k, x in enumerate(body) if '// %gen.exit' in x)
    qb = max(k for k in range(ge) if re.search(r'@%p\d+ bra', body[k]))
    # registers defined in the quant block (qb+1 .. ge-1): tainted
    tainted = set()
    for x in body[qb+1:ge]:
        t = x.strip().split('\t')
        if len(t) > 1 and not t[0].startswith('@') and not t[0].startswith('//') and not t[0].startswith('$'):
            regs = regre.findall(t[1])
            if regs: tainted.add(regs[0])
    # the quant setp line (qb-1) also used; insert point = before the setp of the quant branch
    ex = next(k for k, x in enumerate(body) if re.search(r'@%p\d+ bra', x))
    ins = ex + 1
    while 'ld.param' in body[ins] or body[ins].startswith('//'):
        ins += 1
    moved, kept = [], []
    k = ge + 1
    while k < len(body):
        x = body[k]
        s = x.strip()
        if re.search(r'\bbra\b', s) or s.startswith('$'):
            break
        t = s.split('\t')
        op = t[0]
        regs = regre.findall(t[1]) if len(t) > 1 else []
        srcs = regs[1:] if regs else []
        if op.startswith(('ld.', 'st.', 'atom', 'red')) or any(r in tainted for r in srcs):
            kept.append(x)
            if regs: tainted.add(regs[0])
        else:
            moved.append(x)
        k += 1
    nmoved += len(moved)
    newbody = body[:ins] + moved + body[ins:ge+1] + kept + body[k:]
    out.extend(newbody)
    i = j + 1
open(dst, 'w').write('\n'.join(out))
print(src, '->', dst, 'moved', nmoved, 'lines')
