#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of fuzz/ (docs/robustness.md).
#
#   tools/fuzz.sh build [BUILD_DIR]
#       configures BUILD_DIR (default build-fuzz) with clang-22 and
#       -DFPA_FUZZ=ON, and builds fpa-fuzz-lower, fpa-fuzz-calls and the
#       seed corpora (BUILD_DIR/fuzz/seeds/{lower,calls}).
#   tools/fuzz.sh run TARGET SECONDS WORK_DIR [BUILD_DIR]
#       fuzzes TARGET (lower or calls) for SECONDS of wall time with one
#       worker, from the corpus in WORK_DIR/TARGET/corpus (kept between
#       runs) and the seeds; crash inputs go to WORK_DIR/TARGET/findings,
#       inputs on which LLVM's bitcode reader itself crashes to
#       WORK_DIR/TARGET/llvm-reader. Appends libFuzzer's output to
#       WORK_DIR/TARGET/log and prints its closing lines; the exit status is
#       libFuzzer's (0: no finding).
#   tools/fuzz.sh replay-opt FPA_OPT DIR...
#       runs FPA_OPT (fpa-opt or fpa-opt-asan) on every file in the folders
#       (a corpus, the findings) under four option sets, and fails unless
#       every exit status is 0 to 3 and each status 1 comes with a message.
#       ASan's allocator returns NULL on a huge request there, as glibc's
#       does, so fpa-opt-asan takes fpa-opt's path on such input.
#   tools/fuzz.sh long CPU_LOWER CPU_CALLS WORK_DIR [BUILD_DIR]
#       runs each target in rounds of at most 600 s until its CPU time
#       (user + system, summed over runs in WORK_DIR/TARGET/cpu) reaches
#       CPU_LOWER or CPU_CALLS seconds, stopping at the first finding;
#       prints a summary a round and a total.
set -uo pipefail
cd "$(dirname "$0")/.."

# Allocation stacks of 5 frames (faster), and no leak check: after a caught
# fatal error what LLVM had allocated in the frames jumped over is lost by
# design (docs/robustness.md).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=5}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

build() {
  local dir=${1:-build-fuzz}
  CC=clang-22 CXX=clang++-22 cmake -S . -B "$dir" -DFPA_FUZZ=ON \
    -DFPA_SANITIZED_TOOLS=OFF -DFPA_WERROR=ON \
    -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >"$dir.cmake.log" 2>&1 ||
    { cat "$dir.cmake.log"; return 1; }
  cmake --build "$dir" -j2 --target fpa-fuzz-lower fpa-fuzz-calls \
    fpa-fuzz-seeds
}

# Sets CPU to the CPU seconds (user + system) of this shell's finished
# children. `times` has to run in this shell: in $(...) it would see the
# children of a subshell.
children_cpu() {
  times >"$1"
  CPU=$(tail -n 1 "$1" | awk '{
    split($1, u, "m"); split($2, s, "m");
    printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
}

run() {
  local target=$1 seconds=$2 work=$3 dir=${4:-build-fuzz}
  local bin=$dir/fuzz/fpa-fuzz-$target w=$work/$target
  mkdir -p "$w/corpus" "$w/findings" "$w/llvm-reader"
  local extra=()
  [ "$target" = calls ] && extra=(-dict=fuzz/calls.dict)
  children_cpu "$w/times"
  local before=$CPU
  FPA_FUZZ_LLVM_CRASHES=$w/llvm-reader "$bin" -max_total_time="$seconds" \
    -timeout=25 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 \
    -artifact_prefix="$w/findings/" "${extra[@]}" \
    "$w/corpus" "$dir/fuzz/seeds/$target" >"$w/round.log" 2>&1
  local rc=$?
  cat "$w/round.log" >>"$w/log"
  grep -E '^#[0-9]+[[:space:]]+DONE|^stat::|ERROR|SUMMARY|fuzz finding' "$w/round.log"
  # CPU seconds of the round (the fuzzing process, not the children that
  # read bitcode first), added to the target's total in WORK_DIR/TARGET/cpu.
  children_cpu "$w/times"
  local cpu=$((CPU - before))
  echo "cpu: ${cpu}s"
  echo $(($(cat "$w/cpu" 2>/dev/null || echo 0) + cpu)) >"$w/cpu"
  return $rc
}

long() {
  local cpu_lower=$1 cpu_calls=$2 work=$3 dir=${4:-build-fuzz}
  local target goal used round rc
  for target in lower calls; do
    goal=$cpu_lower
    [ "$target" = calls ] && goal=$cpu_calls
    round=0
    while :; do
      used=$(cat "$work/$target/cpu" 2>/dev/null || echo 0)
      [ "$used" -ge "$goal" ] && break
      round=$((round + 1))
      echo "=== $target round $round ($(date -u +%H:%M:%S) UTC, ${used}s CPU so far)"
      run "$target" 600 "$work" "$dir"
      rc=$?
      if [ $rc -ne 0 ]; then
        echo "=== $target: finding (libFuzzer exit $rc); stopped"
        return $rc
      fi
    done
    echo "=== $target: $(cat "$work/$target/cpu")s CPU in all, $round rounds now"
  done
}

# fpa-opt on every file of the folders, under each option set below: the
# exit status must be 0 to 3, and status 1 must come with a message.
OPT_SETS=(""
          "--target=nvptx --sm=60 --ptx=60"
          "--target=nvptx --sm=90 --aggregate=warp --assume=reassociate-fadd --warp-precheck=all"
          "--target=spirv --spirv-ext=all --minmax=int --precheck=on")

replay_opt() {
  local opt=$1 f set rc bad=0 n=0
  shift
  # ASan's allocator ends the process on a huge request, where glibc's
  # returns NULL and LLVM's reader then aborts, which fpa-opt reports: the
  # same path as in a build without ASan.
  local ASAN_OPTIONS=$ASAN_OPTIONS:allocator_may_return_null=1
  export ASAN_OPTIONS
  local -A count=()
  local tmp
  tmp=$(mktemp -d)
  for f in $(find "$@" -type f | sort); do
    for set in "${OPT_SETS[@]}"; do
      # shellcheck disable=SC2086
      "$opt" "$f" $set -o "$tmp/out" 2>"$tmp/err" </dev/null
      rc=$?
      n=$((n + 1))
      count[$rc]=$((${count[$rc]:-0} + 1))
      if [ $rc -gt 3 ] || { [ $rc -eq 1 ] && ! grep -q 'error:' "$tmp/err"; }; then
        bad=$((bad + 1))
        echo "BAD: exit $rc: $opt $f $set"
        head -n 5 "$tmp/err"
      fi
    done
  done
  rm -rf "$tmp"
  local line="replay-opt: $n runs ($# folders, ${#OPT_SETS[@]} option sets):"
  for rc in $(printf '%s\n' "${!count[@]}" | sort -n); do
    line="$line exit $rc: ${count[$rc]};"
  done
  echo "$line $bad bad"
  [ $bad -eq 0 ]
}

case "${1:-}" in
build) shift; build "$@" ;;
replay-opt) shift; replay_opt "$@" ;;
run) shift; run "$@" ;;
long) shift; long "$@" ;;
*) sed -n '2,24p' "$0"; exit 2 ;;
esac
