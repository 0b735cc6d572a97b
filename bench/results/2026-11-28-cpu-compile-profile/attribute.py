#!/usr/bin/env python3
"""attribute.py PERF_SCRIPT_TXT: splits the samples of `perf script` (perf
record --call-graph=dwarf of opt with the plugin) that fall inside
fpa_lower_module into the verifier (LLVMVerifyFunction), value naming
(llvm::Value::setName) and the rest, and lists the library's functions by
inclusive share."""
import collections, sys

def frames(block):
    out = []
    for line in block.strip().split('\n')[1:]:
        parts = line.strip().split(None, 1)
        if len(parts) > 1:
            out.append(parts[1].rsplit(' (', 1)[0].split('+')[0])
    return out

total = inpass = verify = naming = 0
inc = collections.Counter()
for block in open(sys.argv[1]).read().split('\n\n'):
    f = frames(block)
    if not f:
        continue
    total += 1
    if 'fpa_lower_module' not in f:
        continue
    inpass += 1
    if 'LLVMVerifyFunction' in f:
        verify += 1
    elif 'llvm::Value::setName' in f:
        naming += 1
    for name in set(f):
        if name.startswith('fpa_'):
            inc[name] += 1
print('samples %d, in the pass %d (%.1f%%)' % (total, inpass, 100.0 * inpass / total))
print('  verifier  %5d %5.1f%% of the pass' % (verify, 100.0 * verify / inpass))
print('  naming    %5d %5.1f%%' % (naming, 100.0 * naming / inpass))
rest = inpass - verify - naming
print('  the rest  %5d %5.1f%% (building IR, the analyses of the walk)' % (rest, 100.0 * rest / inpass))
print('library functions, inclusive:')
for name, n in inc.most_common(20):
    print('  %5d %5.1f%% %s' % (n, 100.0 * n / inpass, name))
