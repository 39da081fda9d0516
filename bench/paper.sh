#!/usr/bin/env bash
# The large instances of the QPOR paper's Table 1, on the paper's own benchmark programs
# (issue #11): traces, wall time, the explorer's and the executor's shares, events held at
# once and peak memory of QPOR with k = 0, each case run REPEAT times, median time shown.
#
#   DPU_ASE17=/path/to/dpu/benchmarks/ase17 bench/paper.sh [CASE...]
#
# The programs are not part of this repository: DPU_ASE17 names a checkout's folder
# benchmarks/ase17 of the original DPU (github.com/cesaro/dpu), which holds dispatcher.c,
# mpat.c and multiprodcon.c. PI comes from bench/qpor/pi.c, whose counts match the paper's.
# CASE as "NAME|file|macros" with file relative to DPU_ASE17 (or to the repository for
# bench/...). Environment: DPU (default build/dpu), TIMEOUT seconds per run (default 300),
# REPEAT (default 3).
#
#   DPU_ASE17=... bench/paper.sh --callgrind [CASE...]
#
# instead counts the explorer's instructions per run (callgrind, stable on noisy machines): the
# dpu process's dpu_explore_qpor, inclusive, minus the executor's share (dpu_executor_run, which
# waits for the runner), over the runs. Slow: DISP(5,5) takes about 10 minutes.
set -uo pipefail
ase=${DPU_ASE17:?set DPU_ASE17 to the folder benchmarks/ase17 of a checkout of the original DPU}
ase=$(realpath -- "$ase")
cd "$(dirname "$0")/.."
dpu=${DPU:-build/dpu}
timeout=${TIMEOUT:-300}
repeat=${REPEAT:-3}
[ -x "$dpu" ] || scripts/build.sh build >&2 || exit 2
callgrind=0
if [ "${1:-}" = "--callgrind" ]; then callgrind=1; shift; fi
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    "DISP(5,3)|dispatcher.c|-DPARAM1=5 -DPARAM2=3" "DISP(5,4)|dispatcher.c|-DPARAM1=5 -DPARAM2=4"
    "DISP(5,5)|dispatcher.c|-DPARAM1=5 -DPARAM2=5"
    "MPAT(4)|mpat.c|-DPARAM1=4" "MPAT(5)|mpat.c|-DPARAM1=5" "MPAT(6)|mpat.c|-DPARAM1=6"
    "MPAT(7)|mpat.c|-DPARAM1=7"
    "MPC(3,5)|multiprodcon.c|-DPARAM1=3 -DPARAM2=5" "MPC(4,5)|multiprodcon.c|-DPARAM1=4 -DPARAM2=5"
    "PI(8)|bench/qpor/pi.c|-DN=8"
  )
fi
if [ $callgrind = 1 ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  echo "| benchmark | traces | explorer instructions per run |"
  echo "|---|---|---|"
  for c in "${cases[@]}"; do
    IFS='|' read -r name file macros <<< "$c"
    [[ $file == bench/* ]] || file="$ase/$file"
    # shellcheck disable=SC2086
    out=$(valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" "$dpu" -j 1 $macros "$file" 2>&1)
    cg=$(grep -l "fn=.*dpu_explore_qpor" "$tmp"/cg.* | head -1) # the explorer's process
    runs=$(echo "$out" | sed -n 's/.* \([0-9]*\) runs, [0-9.]* s$/\1/p' | tail -1)
    traces=$(echo "$out" | sed -n 's/.* \([0-9]*\) max-configs.*/\1/p' | tail -1)
    incl() { callgrind_annotate --inclusive=yes "$cg" | awk -v f="$1" '$0 ~ f && !x { gsub(",", "", $1); print $1; x = 1 }'; }
    qpor=$(incl "qpor.c:dpu_explore_qpor ")
    exe=$(incl "executor.c:dpu_executor_run ")
    echo "| $name | $traces | $(( (qpor - exe) / runs )) |"
    rm -f "$tmp"/cg.*
  done
  exit 0
fi
echo "| benchmark | traces | wall s (median of $repeat) | explorer s | executor s | events held at most | peak RSS MiB |"
echo "|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros <<< "$c"
  [[ $file == bench/* ]] || file="$ase/$file"
  times=() last=""
  for ((i = 0; i < repeat; i++)); do
    # shellcheck disable=SC2086
    out=$( { /usr/bin/time -f "rss %M" "$dpu" -j 1 --stats --timeout="$timeout" $macros "$file"; } 2>&1)
    rc=$?
    t=$(echo "$out" | sed -n 's/.*runs, \([0-9.]*\) s$/\1/p')
    [ "$rc" = 3 ] && t="TO"
    times+=("$t")
    last=$out
  done
  med=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(( (repeat + 1) / 2 ))p")
  traces=$(echo "$last" | sed -n 's/.* \([0-9]*\) max-configs.*/\1/p' | tail -1)
  expl=$(echo "$last" | sed -n 's/.*explorer \([0-9.]*\) s.*/\1/p')
  exe=$(echo "$last" | sed -n 's/.*time executor \([0-9.]*\) s.*/\1/p')
  held=$(echo "$last" | sed -n 's/.*at most \([0-9]*\) held.*/\1/p')
  rss=$(echo "$last" | sed -n 's/^rss \([0-9]*\)$/\1/p' | awk '{ printf "%.0f", $1 / 1024 }')
  echo "| $name | $traces | $med | $expl | $exe | $held | $rss |"
done
