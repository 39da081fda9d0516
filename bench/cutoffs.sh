#!/bin/bash
# Cutoffs (--cutoffs=on, explorer/cutoff.h, docs/cutoffs.md): what they cost on terminating
# programs without repeated states. One exploration per program and mode (-j 1) under valgrind's
# callgrind: runs and traces, the runner's instructions per run (dpu_rt_run_once: the run, its
# stores' fingerprint updates, the local states at its switches, the end-of-run check) and the
# explorer's (dpu_explore_qpor less the executor's polling: the events' states and the cutoff
# table). Usage: bench/cutoffs.sh [DPU]. Prints a markdown table (bench/README.md, "Session 37").
set -eu
DPU=${1:-build/dpu}
specs=(
  "MPAT(5)|bench/qpor/mpat.c -DN=5"
  "PI(6)|bench/qpor/pi.c -DN=6"
  "DISP(4,3)|bench/qpor/disp.c -DN=4 -DM=3"
  "Treiber(2)|bench/racy/treiber.c -DN=2"
  "BUFFER(2+2)|bench/programs/bounded_buffer.c -DN=2"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
incl() { callgrind_annotate --inclusive=yes "$1" | awk -v f="$2" '$0 ~ f && !x { gsub(",", "", $1); print $1; x = 1 }'; }
measure() { # prints "runs traces runner_per_run explorer_per_run"
  local out runs traces run_ir=0 cg qpor exe f n
  out=$(valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$tmp/cg.%p" \
        "$DPU" -j 1 "$@" 2>&1)
  runs=$(echo "$out" | sed -n 's/.* \([0-9]*\) runs, [0-9.]* s$/\1/p' | tail -1)
  traces=$(echo "$out" | sed -n 's/.* \([0-9]*\) max-configs.*/\1/p' | tail -1)
  for f in $(grep -l "fn=.*dpu_rt_run_once" "$tmp"/cg.*); do
    n=$(incl "$f" "sched.c:dpu_rt_run_once")
    run_ir=$((run_ir + ${n:-0}))
  done
  cg=$(grep -l "fn=.*dpu_explore_qpor" "$tmp"/cg.* | head -1)
  qpor=$(incl "$cg" "qpor.c:dpu_explore_qpor ")
  exe=$(incl "$cg" "executor.c:dpu_executor_run ")
  echo "$runs $traces $((run_ir / runs)) $(((qpor - exe) / runs))"
  rm -f "$tmp"/cg.*
}
echo "| program | runs off / on | traces off / on | runner instr/run off / on | explorer instr/run off / on |"
echo "|---|---|---|---|---|"
for spec in "${specs[@]}"; do
  IFS='|' read -r name prog <<<"$spec"
  read -r -a args <<<"$prog"
  read -r r0 t0 a0 e0 <<<"$(measure "${args[@]}")"
  read -r r1 t1 a1 e1 <<<"$(measure --cutoffs=on "${args[@]}")"
  ra=$(awk -v a="$a1" -v b="$a0" 'BEGIN { printf "%.2f", a / b }')
  re=$(awk -v a="$e1" -v b="$e0" 'BEGIN { printf "%.2f", a / b }')
  echo "| $name | $r0 / $r1 | $t0 / $t1 | $a0 / $a1 ($ra ×) | $e0 / $e1 ($re ×) |"
done
