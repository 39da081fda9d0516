#!/bin/bash
# --preemptions=B (explorer/bound.h): traces, runs and seconds of QPOR (-j 1) and of the
# exhaustive explorer (--por=none) for B = 0, 1, 2 and unbounded, each limited to TIMEOUT
# seconds (default 20; a cell that did not end says so). Usage: bench/bound.sh [DPU]
# Prints a markdown table (bench/README.md, "Session 26: bounded exploration").
set -u
DPU=${1:-build/dpu}
T=${TIMEOUT:-20}
specs=(
  "POOL-TASKS(4,8)|bench/programs/pool_tasks.c"
  "POOL-TASKS(2,4)|bench/programs/pool_tasks.c -DWORKERS=2 -DTASKS=4"
  "BUFFER(4+4)|bench/programs/bounded_buffer.c"
  "BUFFER(3+3)|bench/programs/bounded_buffer.c -DN=3"
  "POOL(qpor)|bench/qpor/pool.c"
  "DISP|bench/qpor/disp.c"
  "MPC(2,3)|bench/qpor/mpc.c -DP=2 -DC=3"
  "MPAT(4)|bench/qpor/mpat.c -DN=4"
)
. "$(dirname "$0")/cell.sh"
echo "| program | B | QPOR traces / runs / time | exhaustive traces / runs / time |"
echo "|---|---|---|---|"
for spec in "${specs[@]}"; do
  name=${spec%%|*}
  read -r -a args <<<"${spec#*|}"
  for B in 0 1 2 all; do
    b=(); [ "$B" != all ] && b=(--preemptions="$B")
    echo "| $name | $B | $(cell -j 1 "${b[@]}" "${args[@]}") | $(cell --por=none "${b[@]}" "${args[@]}") |"
  done
done
