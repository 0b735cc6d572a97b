# One line per site of a fpatomics report (fpa-opt --report, -fpa-report):
# where, in which function, what, and what it became, with the first clause
# of the reason. Used by tools/run-examples.sh:
#
#   awk -v spaces="1=global 3=local" -f tools/report-sites.awk REPORT
#
# A record is "FILE:LINE:COL: FUNCTION: OP TYPE addrspace(N): ACTION
# STRATEGY: REASON". clang-22 emits an OpenCL kernel's body twice, as the
# kernel and as __clang_ocl_kern_imp_<kernel> (for enqueue_kernel), and the
# pass lowers both: the stub's records fold into the kernel's, so that each
# source site is one line. `spaces` names address spaces; others print as
# as(N). Lines that are not records print as they are.
BEGIN {
  n = split(spaces, s, " ")
  for (i = 1; i <= n; i++) {
    split(s[i], kv, "=")
    name[kv[1]] = kv[2]
  }
}
function field(   i, f) {
  i = index(rest, ": ")
  if (!i)
    return ""
  f = substr(rest, 1, i - 1)
  rest = substr(rest, i + 2)
  return f
}
!/ addrspace\([0-9]+\): [a-z]+ [a-z-]+: / {
  print "   " $0
  next
}
{
  rest = $0
  loc = field(); fn = field(); what = field(); act = field()
  sub(/^__clang_ocl_kern_imp_/, "", fn)
  sub(/^.*\//, "", loc)
  split(what, w, " ")
  as = w[3]
  gsub(/[^0-9]/, "", as)
  reason = rest
  sub(/; .*/, "", reason)
  if (seen[loc, fn, what, act]++)
    next
  printf "   %-16s %-22s %-8s %-6s %-7s -> %s: %s\n", loc, fn, w[1], w[2],
         (as in name ? name[as] : "as(" as ")"), act, reason
}
