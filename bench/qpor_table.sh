#!/usr/bin/env bash
# The QPOR table of bench/README.md: for each benchmark size, QPOR with k = 0 (optimal) and
# k = 1, 2, 3 (k-partial alternatives): max-configs, SSBs for each k, events of the unfolding,
# time and peak memory of the explorer (k = 0), and runs per second.
#
#   bench/qpor_table.sh [CASE...]      CASE as "NAME|file|macros", default: the list below
#
# Environment: DPU (default build/dpu), TIMEOUT seconds per exploration (default 60).
set -uo pipefail
cd "$(dirname "$0")/.."
dpu=${DPU:-build/dpu}
timeout=${TIMEOUT:-60}
[ -x "$dpu" ] || scripts/build.sh build >&2 || exit 2
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    "FIG1(6)|bench/programs/fig1.c|-DN=6"
    "PI(6)|bench/qpor/pi.c|-DN=6" "PI(7)|bench/qpor/pi.c|-DN=7" "PI(8)|bench/qpor/pi.c|-DN=8"
    "MPAT(3)|bench/qpor/mpat.c|-DN=3" "MPAT(4)|bench/qpor/mpat.c|-DN=4"
    "MPC(2,3)|bench/qpor/mpc.c|-DP=2 -DC=3" "MPC(3,3)|bench/qpor/mpc.c|-DP=3 -DC=3"
    "DISP(2,2)|bench/qpor/disp.c|-DN=2 -DM=2" "DISP(2,3)|bench/qpor/disp.c|-DN=2 -DM=3"
    "POOL|bench/qpor/pool.c|"
    "POL|bench/qpor/pol.c|"
  )
fi
echo "| benchmark | max-configs | SSB k=1 | SSB k=2 | SSB k=3 | SSB k=0 | events | time k=0 (s) | time k=1,2,3 (s) | explorer MiB | runs/s |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros <<< "$c"
  declare -A ssb=() tm=()
  configs="" events="" mem="" rps=""
  for k in 0 1 2 3; do
    # shellcheck disable=SC2086
    out=$("$dpu" -j 1 --por=qpor -k "$k" --stats --timeout="$timeout" $macros "$file" 2>/dev/null)
    rc=$?
    sum=$(echo "$out" | grep "dpu: summary:")
    ssb[$k]=$(echo "$sum" | sed 's/.* \([0-9]*\) SSBs.*/\1/')
    t=$(echo "$sum" | sed 's/.*runs, \([0-9.]*\) s/\1/')
    [ "$rc" = 3 ] && t="TO" && ssb[$k]="-"
    tm[$k]=$t
    if [ "$k" = 0 ]; then
      configs=$(echo "$sum" | sed 's/.* \([0-9]*\) max-configs.*/\1/')
      [ "$rc" = 3 ] && configs="≥$configs"
      events=$(echo "$out" | grep "stats: events" | sed 's/dpu: stats: events \([0-9]*\).*/\1/')
      mem=$(echo "$out" | grep "peak memory" | sed 's/.*peak memory \([0-9.]*\) MiB/\1/')
      runs=$(echo "$sum" | sed 's/.* \([0-9]*\) runs.*/\1/')
      rps=$(awk -v r="$runs" -v t="$t" 'BEGIN { if (t > 0) printf "%d", r / t; else print "-" }')
    fi
  done
  echo "| $name | $configs | ${ssb[1]} | ${ssb[2]} | ${ssb[3]} | ${ssb[0]} | $events | ${tm[0]} | ${tm[1]}, ${tm[2]}, ${tm[3]} | $mem | $rps |"
done
