#!/usr/bin/env bash
# Prints the runs-per-second table of bench/README.md: each benchmark program explored REPEAT
# times after a warm-up, with time split between executor and explorer. With --callgrind, also
# counts instructions per run (stable on noisy machines) for the runner's run (reset, scheduling,
# thread switches) and the explorer's per-run work.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
repeat=${REPEAT:-200}
[ -x "$build/runrate" ] || scripts/build.sh "$build"
progs=(bench/programs/two_threads_4ops.c bench/programs/n_threads_cs.c bench/programs/heap_and_output.c)
for p in "${progs[@]}"; do "$build/runrate" "$p" "$repeat"; done
if [ "${1:-}" = "--callgrind" ]; then
  tmp=$(mktemp -d)
  for p in "${progs[@]}"; do
    out=$(valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$tmp/cg.%p" \
      "$build/runrate" "$p" 20 2>/dev/null)
    per=$(echo "$out" | sed 's/.*runs\/exploration *\([0-9]*\).*/\1/')
    n=$((per * 21)) # the warm-up exploration and 20 more
    runner=$(grep -l "fn=.*dpu_rt_run_once" "$tmp"/cg.* | tail -1)
    explorer=$(grep -l "fn=.*dpu_explore_dfs" "$tmp"/cg.* | head -1)
    run_ir=$(callgrind_annotate --inclusive=yes "$runner" | awk '/sched.c:dpu_rt_run_once/ && !x {gsub(",","",$1); print $1; x=1}')
    exp_ir=$(callgrind_annotate --inclusive=yes "$explorer" | awk '/dfs.c:dpu_explore_dfs/ && !x {gsub(",","",$1); print $1; x=1}')
    echo "$p: runner $((run_ir / n)) instructions/run, explorer $((exp_ir / n)) instructions/run ($n runs)"
    rm -f "$tmp"/cg.*
  done
  rmdir "$tmp"
fi
