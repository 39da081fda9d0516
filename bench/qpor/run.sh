#!/usr/bin/env bash
# Explores the QPOR-paper-style benchmarks of bench/qpor/ with the exhaustive explorer
# (dpu --por=none) at several sizes each and prints a Markdown table: program(params), threads
# (including main), max-configs, runs, defects, seconds, dpu's exit code.
#
#   bench/qpor/run.sh              every program, every size
#   bench/qpor/run.sh pi mpc       only these programs
#
# Environment: DPU (default build/dpu, built with scripts/build.sh if missing), TIMEOUT per
# exploration in seconds (default 60). A size that hits the timeout shows exit code 3 and the
# counts reached so far.
set -uo pipefail
dpu=${DPU:+$(realpath -m -- "$DPU")} # a relative DPU is relative to where we were started
cd "$(dirname "$0")/../.." || exit 2
dpu=${dpu:-build/dpu}
timeout=${TIMEOUT:-60}
if [ ! -x "$dpu" ]; then
  [ -z "${DPU:-}" ] || { echo "run.sh: $dpu is not executable" >&2; exit 2; }
  scripts/build.sh build >&2 || exit 2
fi

# name(params) | file | macros | threads including main
cases=(
  "PI(3)|pi.c|-DN=3|4"
  "PI(4)|pi.c|-DN=4|5"
  "PI(5)|pi.c|-DN=5|6"
  "PI(6)|pi.c|-DN=6|7"
  "PI(7)|pi.c|-DN=7|8"
  "PI(8)|pi.c|-DN=8|9"
  "MPAT(1)|mpat.c|-DN=1|3"
  "MPAT(2)|mpat.c|-DN=2|5"
  "MPAT(3)|mpat.c|-DN=3|7"
  "MPC(1,2)|mpc.c|-DP=1 -DC=2|4"
  "MPC(2,2)|mpc.c|-DP=2 -DC=2|5"
  "MPC(2,3)|mpc.c|-DP=2 -DC=3|6"
  "MPC(2,4)|mpc.c|-DP=2 -DC=4|7"
  "MPC(3,2)|mpc.c|-DP=3 -DC=2|6"
  "MPC(3,3)|mpc.c|-DP=3 -DC=3|7"
  "DISP(1,1)|disp.c|-DN=1 -DM=1|3"
  "DISP(1,2)|disp.c|-DN=1 -DM=2|4"
  "DISP(2,1)|disp.c|-DN=2 -DM=1|4"
  "DISP(1,3)|disp.c|-DN=1 -DM=3|5"
  "DISP(2,2)|disp.c|-DN=2 -DM=2|5"
  "POOL(1,1)|pool.c|-DW=1 -DT=1|2"
  "POOL(1,2)|pool.c|-DW=1 -DT=2|2"
  "POOL(2,1)|pool.c|-DW=2 -DT=1|3"
  "POOL(1,3)|pool.c|-DW=1 -DT=3|2"
  "POOL(3,1)|pool.c|-DW=3 -DT=1|4"
  "POOL(2,2)|pool.c|-DW=2 -DT=2|3"
  "POOL(1,4)|pool.c|-DW=1 -DT=4|2"
  "POL(2,1)|pol.c|-DN=2 -DM=1|3"
  "POL(2,2)|pol.c|-DN=2 -DM=2|3"
  "POL(2,3)|pol.c|-DN=2 -DM=3|3"
  "POL(3,1)|pol.c|-DN=3 -DM=1|4"
  "POL(2,4)|pol.c|-DN=2 -DM=4|3"
  "POL(3,2)|pol.c|-DN=3 -DM=2|4"
  "POL(4,1)|pol.c|-DN=4 -DM=1|5"
  "POL(2,5)|pol.c|-DN=2 -DM=5|3"
)

wanted() { # is this file among the programs named on the command line (all if none)?
  [ $# -eq 1 ] && return 0
  local f=$1; shift
  for p in "$@"; do [ "$p.c" = "$f" ] || [ "$p" = "$f" ] && return 0; done
  return 1
}

echo "| program | threads | max-configs | runs | defects | seconds | exit |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros threads <<<"$c"
  wanted "$file" "$@" || continue
  # shellcheck disable=SC2086 # macros are several words
  out=$("$dpu" --por=none --timeout="$timeout" -q $macros "bench/qpor/$file" 2>&1)
  rc=$?
  sum=$(grep '^dpu: summary:' <<<"$out" | tail -1)
  if [ -z "$sum" ]; then
    echo "| $name | $threads | - | - | - | - | $rc |"
    echo "run.sh: $name: no summary line; dpu said:" >&2
    tail -5 <<<"$out" >&2
    continue
  fi
  field() { sed -n "s/.* \([0-9.]*\) $1.*/\1/p" <<<"$sum"; }
  counts="$(field max-configs) | $(field runs) | $(field defects) | $(field s)"
  echo "| $name | $threads | $counts | $rc |"
done
