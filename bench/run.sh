#!/usr/bin/env bash
# Prints the runs-per-second table of bench/README.md: each benchmark program explored REPEAT
# times after a warm-up, with time split between executor and explorer, with the race detector
# on (dpu's default) and off (DPU_RACES=off: no instrumentation, no checks). With --callgrind,
# also counts instructions per run (stable on noisy machines) for the runner's run (reset,
# scheduling, thread switches, the program's code and, races on, its access checks) and the
# explorer's per-run work (less the executor's polling), races on and off, and prints them as a
# markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
repeat=${REPEAT:-200}
[ -x "$build/runrate" ] || scripts/build.sh "$build"
progs=(bench/programs/two_threads_4ops.c bench/programs/n_threads_cs.c bench/programs/heap_and_output.c
       bench/programs/sum_array.c)
for p in "${progs[@]}"; do
  for races in on off; do DPU_RACES=$races "$build/runrate" "$p" "$repeat"; done
done
if [ "${1:-}" = "--callgrind" ]; then
  tmp=$(mktemp -d)
  declare -A run_per exp_per
  for p in "${progs[@]}"; do
    for races in on off; do
      out=$(DPU_RACES=$races valgrind --tool=callgrind --smc-check=all-non-file \
        --callgrind-out-file="$tmp/cg.%p" "$build/runrate" "$p" 20 2>/dev/null)
      per=$(echo "$out" | sed 's/.*runs\/exploration *\([0-9]*\).*/\1/')
      n=$((per * 21)) # the warm-up exploration and 20 more
      runner=$(grep -l "fn=.*dpu_rt_run_once" "$tmp"/cg.* | tail -1)
      explorer=$(grep -l "fn=.*dpu_explore_dfs" "$tmp"/cg.* | head -1)
      run_ir=$(callgrind_annotate --inclusive=yes "$runner" | awk '/sched.c:dpu_rt_run_once/ && !x {gsub(",","",$1); print $1; x=1}')
      # The explorer's own work: dpu_explore_dfs less dpu_executor_run, whose polling for the
      # runner's answer counts as many instructions as the wait takes (not stable).
      exp_ir=$(callgrind_annotate --inclusive=yes "$explorer" | awk '
        /dfs.c:dpu_explore_dfs/ && !x {gsub(",","",$1); d=$1; x=1}
        /executor.c:dpu_executor_run / && !y {gsub(",","",$1); e=$1; y=1}
        END {printf "%.0f\n", d - e}')
      run_per[$p,$races]=$((run_ir / n))
      exp_per[$p,$races]=$((exp_ir / n))
      echo "$p: races $races: runner ${run_per[$p,$races]} instructions/run, explorer ${exp_per[$p,$races]} instructions/run ($n runs)"
      rm -f "$tmp"/cg.*
    done
  done
  rmdir "$tmp"
  echo
  echo "| program | runner instr/run, races on | races off | on/off | explorer instr/run, races on | races off |"
  echo "|---|---|---|---|---|---|"
  for p in "${progs[@]}"; do
    r=$(awk -v a="${run_per[$p,on]}" -v b="${run_per[$p,off]}" 'BEGIN { printf "%.2f", a / b }')
    echo "| ${p#bench/programs/} | ${run_per[$p,on]} | ${run_per[$p,off]} | $r | ${exp_per[$p,on]} | ${exp_per[$p,off]} |"
  done
fi
