#!/usr/bin/env bash
# Compile time of lower-fp-atomics in opt-22, on NVPTX modules with 10^3,
# 10^4 and 10^5 floating-point atomics (bench/gen-atomics.sh says what they
# hold), against opt -O2 on the same modules.
#
#   bench/compile-time.sh [WORKDIR]        (default: a fresh mktemp -d)
#
# For each size it times, interleaved (a b c, then c b a, ...):
#   (a) opt -load-pass-plugin=PLUGIN -passes=lower-fp-atomics   the pass alone
#   (b) opt -O2                                                  no plugin
#   (c) opt -O2 -load-pass-plugin=PLUGIN     the pass runs at OptimizerLast
# every run with -disable-output on the module as bitcode, so parsing is
# cheap and no output is written. Times are medians; "cpu" is user+sys of
# the opt process, "wall" is elapsed time. Separately, -time-passes runs of
# (a) and (c) give the pass's own time (its row in the pass execution
# report, user+sys) and, in (c), the total of all passes and analyses of the
# O2 pipeline; a third -time-passes run of (c) adds -discard-value-names,
# as clang does outside its debug builds (opt keeps value names, and
# naming the new instructions is part of the pass's cost). Before timing, an untimed run of (c) with -fpa-report and -S
# checks that the pass ran: one report line per atomic, and no atomicrmw
# fmin, fmax, fminimum, fmaximum or fsub left.
#
# Then a sweep at 10^4 atomics of the number of atomics per basic block
# (10, 100, 1000): the pass alone, -time-passes, to show whether the pass's
# cost per atomic depends on the block size.
#
# Then the real modules: the shipped examples and the e2e kernels (CUDA
# device code and OpenCL C for SPIR-V, clang-22 -O0 without optnone, as
# bitcode), each timed as (b) and (c) above, interleaved, and its pass
# share from -time-passes.
#
# Environment: OPT (opt-22), LLVM_AS (llvm-as-22), CLANG (clang-22), PLUGIN
# (build/pass/FPAtomics.so), SIZES ("1000 10000 100000"), REPS (7), REPS_LARGE
# (3; for sizes of 10^5 and more), TP_REPS (3; -time-passes runs), SWEEP (1;
# 0 skips the sweep), REAL (1; 0 skips the real modules), REPS_REAL (11).
#
# Prints a header (command, date, machine), the checks, the raw run times as
# comment lines, two readable tables and a CSV of the same numbers.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
OPT=${OPT:-opt-22}
LLVM_AS=${LLVM_AS:-llvm-as-22}
CLANG=${CLANG:-clang-22}
REAL=${REAL:-1}
REPS_REAL=${REPS_REAL:-11}
PLUGIN=${PLUGIN:-$root/build/pass/FPAtomics.so}
SIZES=${SIZES:-1000 10000 100000}
REPS=${REPS:-7}
REPS_LARGE=${REPS_LARGE:-3}
TP_REPS=${TP_REPS:-3}
SWEEP=${SWEEP:-1}
gen=$root/bench/gen-atomics.sh

[ $# -le 1 ] || { echo "usage: $0 [WORKDIR]" >&2; exit 2; }
work=${1:-$(mktemp -d)}
mkdir -p "$work"
[ -f "$PLUGIN" ] || { echo "$0: no plugin at $PLUGIN (build first)" >&2; exit 1; }

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
cpu_model() { sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1; }

echo "# fpatomics compile time: lower-fp-atomics against opt -O2"
echo "# command: $0 $*"
echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "# machine: nproc $(nproc), $(cpu_model), load average $(loadavg) (1, 5, 15 min) at start"
echo "# opt: $(command -v "$OPT") ($("$OPT" --version | sed -n 's/.*LLVM version \(.*\)/\1/p' | head -n 1)), plugin: $PLUGIN"
src="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD -- lib pass 2>/dev/null || echo ' (lib/ or pass/ modified)')"
if [ "$PLUGIN" != "$root/build/pass/FPAtomics.so" ]; then
  src="$src (this script's tree; PLUGIN was set, so the pass may be built from other sources)"
fi
echo "# source: $src"
echo "# settings: SIZES=\"$SIZES\" REPS=$REPS REPS_LARGE=$REPS_LARGE TP_REPS=$TP_REPS SWEEP=$SWEEP OPT=$OPT LLVM_AS=$LLVM_AS"

A=(-load-pass-plugin="$PLUGIN" -passes=lower-fp-atomics)
B=(-O2)
C=(-O2 -load-pass-plugin="$PLUGIN")

# Where the plugin puts the pass in -O2 (registerOptimizerLastEPCallback).
printf 'target triple = "nvptx64-nvidia-cuda"\n' >"$work/empty.ll"
pipe=$("$OPT" "${C[@]}" -print-pipeline-passes -disable-output "$work/empty.ll" 2>/dev/null || true)
echo "# -O2 pipeline with the plugin, last module passes: $(echo "$pipe" | tr ',' '\n' | grep -v '^ *$' | tail -n 7 | tr '\n' ' ')"

# time_run OUTFILE TAG ARGS... : appends "TAG wall cpu" for one opt run.
time_run() {
  local out=$1 tag=$2 t
  shift 2
  t=$( { TIMEFORMAT='%R %U %S'; time "$OPT" "$@" >/dev/null 2>&1; } 2>&1 )
  echo "$t" | awk -v tag="$tag" '{ printf "%s %.4f %.4f\n", tag, $1, $2 + $3 }' >>"$out"
}

# time_passes OUTFILE TAG ARGS... : appends "TAG pass_s o2_s" from -time-passes
# (user+sys): the pass's row, and the totals of passes and analyses.
time_passes() {
  local out=$1 tag=$2
  shift 2
  "$OPT" "$@" -time-passes >/dev/null 2>"$work/tp.txt"
  awk -v tag="$tag" '
    /execution timing report/ { sect = $1 }
    /^ +[0-9]/ {
      line = $0; gsub(/\([^)]*\)/, "", line); split(line, f, " ")
      if (line ~ /LowerFPAtomicsPass/ && sect == "Pass") pass += f[3]
      if (line ~ / Total$/ && (sect == "Pass" || sect == "Analysis")) total += f[3]
    }
    /LLVM IR Parsing/ { sect = "" }
    END { printf "%s %.4f %.4f\n", tag, pass, total }' "$work/tp.txt" >>"$out"
}

# median FILE TAG COLUMN
median() {
  awk -v tag="$2" -v col="$3" '$1 == tag { print $col }' "$1" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# samples FILE TAG COLUMN: all values, in run order
samples() { awk -v tag="$2" -v col="$3" '$1 == tag { printf "%s%s", sep, $col; sep = " " }' "$1"; }

rows=$work/rows.txt
: >"$rows"

for n in $SIZES; do
  ll=$work/atomics-$n.ll bc=$work/atomics-$n.bc
  "$gen" "$n" >"$ll"
  "$LLVM_AS" "$ll" -o "$bc"
  kernels=$(grep -c '^define ' "$ll")
  instrs=$(grep -c '^  ' "$ll")
  reps=$REPS
  [ "$n" -ge 100000 ] && reps=$REPS_LARGE

  # Check that the pass runs inside -O2 and lowers what it should.
  rm -f "$work/report-$n.txt"
  "$OPT" "${C[@]}" -fpa-report="$work/report-$n.txt" -S "$bc" -o "$work/c-$n.ll"
  "$OPT" "${B[@]}" -S "$bc" -o "$work/b-$n.ll"
  lines=$(wc -l <"$work/report-$n.txt")
  left=$(grep -cE 'atomicrmw (fmin|fmax|fminimum|fmaximum|fsub) ' "$work/c-$n.ll" || true)
  fadd_left=$(grep -cE 'atomicrmw fadd ' "$work/c-$n.ll" || true)
  # native fadd stays, with fences or not; fsub as fadd of the negation
  native=$(grep -cE ': (native native|rewritten native-fenced|rewritten fadd-neg):' "$work/report-$n.txt" || true)
  # a guarded native add keeps at most one native fadd (none where its
  # native arm is inline PTX)
  guarded=$(grep -cE ': rewritten fadd-guarded:' "$work/report-$n.txt" || true)
  strategies=$(sed -E 's/.* addrspace\([0-9]+\): ([a-z]+) ([a-z-]+): .*/\1 \2/' "$work/report-$n.txt" |
    sort | uniq -c | awk '{ printf "%s%s %s %s", sep, $1, $2, $3; sep = ", " }')
  echo "# check $n: $kernels kernels, $instrs IR instructions in; -O2 out: $(grep -c '^  ' "$work/b-$n.ll") without the plugin, $(grep -c '^  ' "$work/c-$n.ll") with it"
  echo "# check $n: report lines $lines ($strategies)"
  echo "# check $n: after -O2 with the plugin, $left atomicrmw fmin/fmax/fminimum/fmaximum/fsub left, $fadd_left fadd left ($native native, native-fenced or fadd-neg and $guarded fadd-guarded in the report)"
  if [ "$lines" -ne "$n" ] || [ "$left" -ne 0 ] || [ "$fadd_left" -lt "$native" ] ||
    [ "$fadd_left" -gt $((native + guarded)) ]; then
    echo "$0: the pass did not lower the $n-atomic module as expected" >&2
    exit 1
  fi

  t=$work/times-$n.txt
  : >"$t"
  for ((r = 1; r <= reps; ++r)); do
    if ((r % 2)); then order="a b c"; else order="c b a"; fi
    for v in $order; do
      case $v in
      a) time_run "$t" a "${A[@]}" -disable-output "$bc" ;;
      b) time_run "$t" b "${B[@]}" -disable-output "$bc" ;;
      c) time_run "$t" c "${C[@]}" -disable-output "$bc" ;;
      esac
    done
  done
  for ((r = 1; r <= TP_REPS; ++r)); do
    time_passes "$t" tpa "${A[@]}" -disable-output "$bc"
    time_passes "$t" tpc "${C[@]}" -disable-output "$bc"
    time_passes "$t" tpd -discard-value-names "${C[@]}" -disable-output "$bc"
  done
  for v in a b c; do
    echo "# runs $n $v: wall $(samples "$t" $v 2) | cpu $(samples "$t" $v 3)"
  done
  echo "# runs $n -time-passes: pass in (a) $(samples "$t" tpa 2) | pass in (c) $(samples "$t" tpc 2) | all passes and analyses in (c) $(samples "$t" tpc 3) | same two, names discarded: $(samples "$t" tpd 2) | $(samples "$t" tpd 3)"
  echo "# load average after $n: $(loadavg)"
  echo "$n 100 10 $kernels $instrs $reps $(median "$t" a 3) $(median "$t" a 2) $(median "$t" b 3) $(median "$t" b 2) $(median "$t" c 3) $(median "$t" c 2) $(median "$t" tpa 2) $(median "$t" tpc 2) $(median "$t" tpc 3) $(median "$t" tpd 2) $(median "$t" tpd 3)" >>"$rows"
done

if [ "$SWEEP" = 1 ]; then
  for shape in "100 10" "100 100" "1000 1000"; do
    read -r pk pg <<<"$shape"
    bc=$work/sweep-$pk-$pg.bc
    "$gen" 10000 "$pk" "$pg" | "$LLVM_AS" -o "$bc"
    kernels=$(( (10000 + pk - 1) / pk ))
    instrs=$("$gen" 10000 "$pk" "$pg" | grep -c '^  ')
    t=$work/sweep-$pk-$pg.txt
    : >"$t"
    for ((r = 1; r <= TP_REPS; ++r)); do
      time_passes "$t" tpa "${A[@]}" -disable-output "$bc"
    done
    echo "# runs sweep 10000 atomics, $pg a block: pass in (a) $(samples "$t" tpa 2)"
    echo "10000 $pk $pg $kernels $instrs $TP_REPS nan nan nan nan nan nan $(median "$t" tpa 2) nan nan nan nan" >>"$rows"
  done
  echo "# load average after the sweep: $(loadavg)"
fi

awk '
function num(x) { return x != "nan" }
function r(x, d) { return num(x) ? sprintf("%." d "f", x) : "-" }
{
  n[NR] = $1; pk[NR] = $2; pg[NR] = $3; k[NR] = $4; ins[NR] = $5; reps[NR] = $6
  acpu[NR] = $7; awall[NR] = $8; bcpu[NR] = $9; bwall[NR] = $10; ccpu[NR] = $11; cwall[NR] = $12
  pa[NR] = $13; pc[NR] = $14; o2c[NR] = $15; pd[NR] = $16; o2d[NR] = $17
  ratio[NR] = num(bcpu[NR]) && bcpu[NR] > 0 ? pa[NR] / bcpu[NR] : "nan"
  diff[NR] = num(ccpu[NR]) && bcpu[NR] > 0 ? (ccpu[NR] - bcpu[NR]) / bcpu[NR] : "nan"
  share[NR] = num(o2c[NR]) && o2c[NR] > 0 ? pc[NR] / o2c[NR] : "nan"
  shared[NR] = num(o2d[NR]) && o2d[NR] > 0 ? pd[NR] / o2d[NR] : "nan"
  per[NR] = pa[NR] / n[NR] * 1e6
  expo[NR] = "nan"
}
END {
  print ""
  print "Times, seconds (median; cpu = user+sys of opt; pass = its own row in -time-passes, user+sys)"
  printf "%-8s %-7s %-8s %-4s | %-14s | %-14s | %-14s | %-9s %-9s %-10s\n", "atomics", "kernels", "instrs", "reps", "(a) cpu/wall", "(b) O2 cpu/wall", "(c) O2+pass", "pass in a", "pass in c", "O2 in c"
  for (i = 1; i <= NR; ++i) if (num(bcpu[i]))
    printf "%-8d %-7d %-8d %-4d | %6s/%-7s | %6s/%-7s | %6s/%-7s | %-9s %-9s %-10s\n", n[i], k[i], ins[i], reps[i], r(acpu[i], 3), r(awall[i], 3), r(bcpu[i], 3), r(bwall[i], 3), r(ccpu[i], 3), r(cwall[i], 3), r(pa[i], 4), r(pc[i], 4), r(o2c[i], 3)
  print ""
  print "Ratios and growth (pass/O2 = pass in a / (b) cpu; (c-b)/b on cpu; share = pass in c / O2 in c;"
  print "share, no names = the same with -discard-value-names; us/atomic = pass in a / atomics;"
  print "exponent = log(pass time ratio) / log(atomics ratio) from the row above, 1.00 is linear)"
  printf "%-8s | %-8s | %-8s | %-8s | %-15s | %-9s | %-8s\n", "atomics", "pass/O2", "(c-b)/b", "share", "share, no names", "us/atomic", "exponent"
  prev = 0
  for (i = 1; i <= NR; ++i) if (num(bcpu[i])) {
    if (prev) expo[i] = log(pa[i] / pa[prev]) / log(n[i] / n[prev])
    printf "%-8d | %7.2f%% | %7.2f%% | %7.2f%% | %14.2f%% | %9.2f | %-8s\n", n[i], 100 * ratio[i], 100 * diff[i], 100 * share[i], 100 * shared[i], per[i], r(expo[i], 2)
    prev = i
  }
  sweep = 0
  for (i = 1; i <= NR; ++i) if (!num(bcpu[i])) {
    if (!sweep++) {
      print ""
      print "Atomics per basic block, 10^4 atomics, the pass alone (median of -time-passes runs)"
      printf "%-10s | %-10s | %-8s | %-9s | %-9s\n", "per block", "per kernel", "instrs", "pass s", "us/atomic"
    }
    printf "%-10d | %-10d | %-8d | %-9s | %9.2f\n", pg[i], pk[i], ins[i], r(pa[i], 4), per[i]
  }
  print ""
  print "CSV"
  print "atomics,per_kernel,per_group,kernels,instructions,reps,a_cpu_s,a_wall_s,b_cpu_s,b_wall_s,c_cpu_s,c_wall_s,pass_in_a_s,pass_in_c_s,o2_in_c_s,pass_in_c_nonames_s,o2_in_c_nonames_s,pass_over_o2,c_minus_b_over_b,pass_share_in_c,pass_share_in_c_nonames,us_per_atomic,growth_exponent"
  for (i = 1; i <= NR; ++i)
    printf "%d,%d,%d,%d,%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.3f,%s\n", n[i], pk[i], pg[i], k[i], ins[i], reps[i], c(acpu[i]), c(awall[i]), c(bcpu[i]), c(bwall[i]), c(ccpu[i]), c(cwall[i]), c(pa[i]), c(pc[i]), c(o2c[i]), c(pd[i]), c(o2d[i]), c4(ratio[i]), c4(diff[i]), c4(share[i]), c4(shared[i]), per[i], c2(expo[i])
}
function c(x) { return num(x) ? sprintf("%.4f", x) : "" }
function c4(x) { return num(x) ? sprintf("%.5f", x) : "" }
function c2(x) { return num(x) ? sprintf("%.3f", x) : "" }
' "$rows"
echo "# load average at the end: $(loadavg)"

if [ "$REAL" = 1 ]; then
  echo ""
  echo "Real modules: -O2 with the plugin against -O2 (cpu = user+sys of opt, median of $REPS_REAL interleaved runs;"
  echo "share = the pass's own -time-passes row over all passes and analyses of (c), median of $TP_REPS)"
  printf '%-34s %-8s %-7s | %-8s %-8s %-8s | %-7s\n' module atomics instrs "(b) cpu" "(c) cpu" "(c-b)/b" share
  cuda=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="${CUDA_PATH:-/usr/local/cuda}" --cuda-device-only)
  ocl=(-target spirv64 -cl-std=CL2.0)
  for src in examples/cuda/minmax.cu examples/opencl/minmax.cl \
    test/e2e/Inputs/kernels.cu test/e2e/Inputs/kernels.cl \
    test/e2e/Inputs/cas-loops.cu test/e2e/Inputs/cas-loops.cl \
    test/e2e/Inputs/warp.cu; do
    bc=$work/real-$(basename "$src").bc
    case $src in *.cu) lang=("${cuda[@]}") ;; *) lang=("${ocl[@]}") ;; esac
    "$CLANG" "${lang[@]}" -O0 -Xclang -disable-O0-optnone -emit-llvm -c \
      -I"$root/include" "$root/$src" -o "$bc"
    atomics=$("$OPT" -S "$bc" -o - | grep -cE 'atomicrmw|cmpxchg|call .*atomic' || true)
    instrs=$("$OPT" -S "$bc" -o - | grep -c '^  ')
    t=$work/real-$(basename "$src").txt
    : >"$t"
    for ((r = 1; r <= REPS_REAL; ++r)); do
      if ((r % 2)); then order="b c"; else order="c b"; fi
      for v in $order; do
        case $v in
        b) time_run "$t" b "${B[@]}" -disable-output "$bc" ;;
        c) time_run "$t" c "${C[@]}" -disable-output "$bc" ;;
        esac
      done
    done
    for ((r = 1; r <= TP_REPS; ++r)); do
      time_passes "$t" tpc "${C[@]}" -disable-output "$bc"
    done
    echo "# runs $src b: cpu $(samples "$t" b 3) | c: cpu $(samples "$t" c 3) | pass in c $(samples "$t" tpc 2) | all in c $(samples "$t" tpc 3)"
    awk -v m="$src" -v a="$atomics" -v n="$instrs" -v b="$(median "$t" b 3)" \
      -v c="$(median "$t" c 3)" -v p="$(median "$t" tpc 2)" -v o="$(median "$t" tpc 3)" \
      'BEGIN { printf "%-34s %-8d %-7d | %-8.3f %-8.3f %7.2f%% | %6.2f%%\n", m, a, n, b, c, 100 * (c - b) / b, 100 * p / o }'
  done
  echo "# load average after the real modules: $(loadavg)"
fi
