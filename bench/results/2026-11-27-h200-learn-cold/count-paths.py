#!/usr/bin/env python3
"""Adds per-path warp counters to k_fmin_float_0 of a matrix PTX module
(as run3 and run6 ran it): lane 0 of each warp entering one of the four
blocks named below adds 1 to out[(ctaid.x & 255) * 4 + k] (k: 0 direct,
1 precheck, 2 mixed-sign cmpxchg form, 3 integer atomics of the direct
form); count-paths-run.sh sums them.

  count-paths.py IN.ptx OUT.ptx DIRECT PRECHECK   (block names, e.g.
  hint.direct31 hint.precheck30 for run3, hint.direct39 hint.precheck38
  for run6; the other two are hint.cas.load and hint.int)"""
import re
import sys

src = open(sys.argv[1]).read()
start = src.index('.visible .entry k_fmin_float_0(')
end = src.index('\n}\n', start)
k = src[start:end]


def ins(k, label, off):
    j = k.index('\n', k.index(label + ':')) + 1
    code = ('\t{ .reg .b64 %%cp; .reg .b64 %%co; .reg .b32 %%cb; .reg .pred %%cq; .reg .b32 %%cl;\n'
            '\tmov.u32 %%cl, %%laneid; setp.eq.u32 %%cq, %%cl, 0;\n'
            '\tld.param.b64 %%cp, [k_fmin_float_0_param_1]; mov.u32 %%cb, %%ctaid.x; and.b32 %%cb, %%cb, 255;\n'
            '\tmul.wide.u32 %%co, %%cb, 16; add.s64 %%cp, %%cp, %%co;\n'
            '\t@%%cq red.global.add.u32 [%%cp+%d], 1; }\n') % off
    return k[:j] + code + k[j:]


def lab(name):
    return re.search(r'(\$L__BB\d+_\d+):\s+// %' + re.escape(name) + r'\n', k).group(1)


for name, off in [(sys.argv[3], 0), (sys.argv[4], 4), ('hint.cas.load', 8), ('hint.int', 12)]:
    k = ins(k, lab(name), off)
open(sys.argv[2], 'w').write(src[:start] + k + src[end:])
