# adds 8 bytes of static shared memory, and one store to it at entry, to every k_ kernel
/^\.visible \.entry k_/ { ink=1; n++ }
ink && /^\{/ { print; print "\t.shared .align 4 .b8 xsmem" n "[8];"; next }
ink && /^\/\/ %bb\.0:/ { print; print "\tst.shared.b32 \t[xsmem" n "], 0;"; ink=0; next }
{ print }
