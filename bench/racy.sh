#!/usr/bin/env bash
# The racy-programs table of bench/README.md (issue #10): SV-COMP-style programs whose bugs
# live behind data races, explored with dpu's default --races=on. For each: traces
# (max-configs) and runs of QPOR, the explorations and visible access sites it took, its wall
# time, and the same for the exhaustive explorer (--por=none). With DPU_BEFORE set to another
# dpu binary, also that binary's traces (to compare two versions of the explorer).
#
#   bench/racy.sh [CASE...]      CASE as "NAME|file|macros", default: the list below
#
# Environment: DPU (default build/dpu), DPU_BEFORE (optional), TIMEOUT seconds (default 120).
set -uo pipefail
cd "$(dirname "$0")/.."
dpu=${DPU:-build/dpu}
before=${DPU_BEFORE:-}
timeout=${TIMEOUT:-120}
[ -x "$dpu" ] || scripts/build.sh build >&2 || exit 2
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    "lost update|tests/regress/racy_lost_update.c|"
    "flag lock|tests/regress/racy_flag_lock.c|"
    "Peterson|tests/regress/racy_peterson.c|"
    "double-checked init|tests/regress/racy_double_checked.c|"
    "spin on a flag|tests/regress/racy_spin_flag.c|"
    "fib(2)|bench/racy/fib.c|-DN=2" "fib(3)|bench/racy/fib.c|-DN=3" "fib(4)|bench/racy/fib.c|-DN=4"
    "reorder(1,1)|bench/racy/reorder.c|" "reorder(2,2)|bench/racy/reorder.c|-DS=2 -DC=2"
    "reorder(3,2)|bench/racy/reorder.c|-DS=3 -DC=2"
  )
fi
# "max-configs runs seconds explorations sites" of one exploration ("- - - - -" on timeout).
measure() {
  local out t0 t1
  t0=$(date +%s.%N)
  out=$(timeout "$timeout" "$@" -q 2>&1) || [ $? -le 1 ] || { echo "- - - - -"; return; }
  t1=$(date +%s.%N)
  local s=$(echo "$out" | grep '^dpu: summary:')
  local e=$(echo "$out" | grep '^dpu: racing accesses explored:')
  echo "$(echo "$s" | sed 's/.* \([0-9]*\) max-configs, [0-9]* SSBs, \([0-9]*\) runs.*/\1 \2/') \
$(echo "$t1 - $t0" | bc) $(echo "$e" | sed 's/.*: \([0-9]*\) access sites.* \([0-9]*\) explorations/\2 \1/')"
}
hdr="| program | traces | runs | explorations | visible sites | time (s) | --por=none traces | runs | time (s) |"
sep="|---|---|---|---|---|---|---|---|---|"
[ -n "$before" ] && hdr="$hdr traces before |" && sep="$sep---|"
echo "$hdr"
echo "$sep"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros <<< "$c"
  read -r mc runs secs expl sites <<< "$(measure "$dpu" -j 1 $macros "$file")"
  read -r nmc nruns nsecs _ _ <<< "$(measure "$dpu" --por=none $macros "$file")"
  line="| $name | $mc | $runs | ${expl:-1} | ${sites:-0} | $(printf '%.2f' "$secs" 2>/dev/null || echo -) | $nmc | $nruns | $(printf '%.2f' "$nsecs" 2>/dev/null || echo -) |"
  if [ -n "$before" ]; then
    read -r bmc _ <<< "$(measure "$before" $macros "$file")"
    line="$line $bmc |"
  fi
  echo "$line"
done
