#!/usr/bin/env bash
# -j's speed-up (explorer/workers.c): wall time of `dpu -j 1` and `dpu -j N` (N = 2 by default,
# JOBS=...) on each program, REPEAT times each (default 3), with the max-configs and the peak
# RSS, as a Markdown table for bench/README.md. Arguments: "NAME|FILE|DPU-FLAGS" triples; with
# none, bench/programs/compute_between_locks.c and the bench/qpor programs, and, when DPU_ASE17
# names the folder benchmarks/ase17 of a checkout of the original DPU (bench/paper.sh), issue
# #15's programs of the QPOR paper's Table 1: MPAT(6), DISP(5,4), MPC(4,5).
#   BUILD=build REPEAT=3 JOBS=2 bench/jobs.sh
#   DPU_ASE17=/path/to/dpu/benchmarks/ase17 bench/jobs.sh
#   bench/jobs.sh "MPAT(6)|/tmp/ase17/mpat.c|-DPARAM1=6"
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
repeat=${REPEAT:-3}
jobs=${JOBS:-2}
if [ $# -eq 0 ]; then
  set -- "compute|bench/programs/compute_between_locks.c|" "PI(8)|bench/qpor/pi.c|-DN=8" \
         "MPAT(6)|bench/qpor/mpat.c|-DN=6" "MPC(3,5)|bench/qpor/mpc.c|-DP=3 -DC=5"
  if [ -n "${DPU_ASE17:-}" ]; then # (multiprodcon.c: PARAM1 producers, PARAM2 workers)
    set -- "$@" "MPAT(6) paper|$DPU_ASE17/mpat.c|-DPARAM1=6" \
           "DISP(5,4) paper|$DPU_ASE17/dispatcher.c|-DPARAM1=5 -DPARAM2=4" \
           "MPC(4,5) paper|$DPU_ASE17/multiprodcon.c|-DPARAM1=4 -DPARAM2=5"
  fi
fi
echo "| program | max-configs | -j 1 wall (s) | -j $jobs wall (s) | speed-up | RSS -j 1 / -j $jobs (MiB) |"
echo "|---|---|---|---|---|---|"
for spec in "$@"; do
  IFS='|' read -r name file flags <<<"$spec"
  declare -A best=() rss=()
  configs='?'
  for j in 1 "$jobs"; do
    best[$j]=999999
    for _ in $(seq "$repeat"); do
      # shellcheck disable=SC2086
      out=$( { /usr/bin/time -f "TIME %e %M" "$build/dpu" -q -j "$j" $flags "$file" >/dev/null; } 2>&1 || true)
      read -r t m <<<"$(grep '^TIME' <<<"$out" | cut -d' ' -f2-)"
      if awk "BEGIN{exit !($t < ${best[$j]})}"; then best[$j]=$t; fi
      rss[$j]=$((m / 1024))
    done
  done
  # shellcheck disable=SC2086
  configs=$("$build/dpu" -j 1 $flags "$file" 2>&1 | sed -n 's/.*summary: [0-9]* defects*, \([0-9]*\) max-configs.*/\1/p')
  speed=$(awk "BEGIN{printf \"%.2f\", ${best[1]} / ${best[$jobs]}}")
  echo "| $name | $configs | ${best[1]} | ${best[$jobs]} | ${speed}x | ${rss[1]} / ${rss[$jobs]} |"
done
