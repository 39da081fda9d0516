#!/bin/bash
# Symmetry reduction (explorer/symmetry.h): traces, runs and seconds of QPOR (-j 1) with it (the
# default) and without (--no-symmetry), unbounded and under --preemptions=B, each limited to
# TIMEOUT seconds (default 20; a cell that did not end says so with ">"). Usage:
# bench/symmetry.sh [DPU]. Prints a markdown table (bench/README.md, "Session 32").
set -u
DPU=${1:-build/dpu}
T=${TIMEOUT:-20}
specs=(
  "WORKERS(4,2)|tests/regress/symmetry_workers.c -DN=4 -DSECTIONS=2|all"
  "POOL-TASKS(2,4)|bench/programs/pool_tasks.c -DWORKERS=2 -DTASKS=4|all 1 2"
  "POOL-TASKS(3,6)|bench/programs/pool_tasks.c -DWORKERS=3 -DTASKS=6|1 2"
  "POOL-TASKS(4,8)|bench/programs/pool_tasks.c|0 1 2"
  "BUFFER(3+3)|bench/programs/bounded_buffer.c -DN=3|all 0 1 2"
  "BUFFER(4+4)|bench/programs/bounded_buffer.c|0 1 2"
)
. "$(dirname "$0")/cell.sh"
echo "| program | B | symmetry: traces / runs / time | --no-symmetry: traces / runs / time |"
echo "|---|---|---|---|"
for spec in "${specs[@]}"; do
  IFS='|' read -r name prog bounds <<<"$spec"
  read -r -a args <<<"$prog"
  for B in $bounds; do
    b=(); [ "$B" != all ] && b=(--preemptions="$B")
    echo "| $name | $B | $(cell -j 1 "${b[@]}" "${args[@]}") | $(cell -j 1 --no-symmetry "${b[@]}" "${args[@]}") |"
  done
done
