# Prints "N definitions, every one noinline" when every linkonce_odr
# definition's attribute group (define ... #G comdat) has noinline, else names
# the ones that do not.
/^define linkonce_odr/ {
  if (match($0, /#[0-9]+ comdat/)) {
    g = substr($0, RSTART, RLENGTH - 7)
    name = $0
    sub(/\(.*/, "", name)
    sub(/.*@/, "", name)
    group[name] = g
    n++
  }
}
/^attributes #/ { noinline[$2] = ($0 ~ /noinline/) }
END {
  bad = 0
  for (f in group)
    if (!noinline[group[f]]) {
      print f ": attribute group " group[f] " lacks noinline"
      bad++
    }
  if (!bad)
    print n " definitions, every one noinline"
}
