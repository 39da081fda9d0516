#!/usr/bin/env bash
# Cost of data-race detection (issue #9): each case explored with QPOR (k = 0) with races on
# (the default) and with --races=off (no instrumentation at all), REPEAT times each, on and off
# alternating (and which of the two goes first alternating too, so slow drift of the machine's
# load hits both alike), and prints a markdown table of the medians.
#
#   bench/races.sh [--callgrind] [CASE...]   CASE as "NAME|file|macros", default: the list below
#
# Times: the seconds of dpu's `dpu: summary: ... T s` line, i.e. dpu's wall time from its start
# to the end of the exploration, start-up included (clang, instrumentation, JIT: 0.05-0.1 s, the
# whole time of the small cases); and the exploration alone, executor + explorer seconds of
# `--stats` (wall time without the start-up). The ratios are median on / median off.
# A "defects" column other than 0/0 means dpu reported something: a bug or a racy benchmark.
#
# With --callgrind, instead of timing: one exploration per mode under valgrind's callgrind, and
# the runner's instructions per run (the inclusive cost of dpu_rt_run_once: reset, scheduling,
# the program's own code and, races on, its access checks; deterministic, unlike wall time on a
# loaded machine), and dpu's total instructions (all its processes but clang: start-up, explorer,
# runner, less the explorer's and runner's polling while they wait for each other, which depends
# on timing). Default list: the Table-1 sizes only.
#
# Environment: DPU (default build/dpu), REPEAT runs per mode (default 5), TIMEOUT seconds per
# exploration (default 120).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
dpu=${DPU:-build/dpu}
repeat=${REPEAT:-5}
timeout=${TIMEOUT:-120}
[ -x "$dpu" ] || scripts/build.sh build >&2 || exit 2
callgrind=0
[ "${1:-}" = "--callgrind" ] && callgrind=1 && shift
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    "PI(6)|bench/qpor/pi.c|-DN=6" "PI(7)|bench/qpor/pi.c|-DN=7"
    "MPAT(4)|bench/qpor/mpat.c|-DN=4"
    "MPC(3,3)|bench/qpor/mpc.c|-DP=3 -DC=3"
    "DISP(2,3)|bench/qpor/disp.c|-DN=2 -DM=3"
    "POOL|bench/qpor/pool.c|"
    "POL|bench/qpor/pol.c|"
    "SUM_ARRAY(2)|bench/programs/sum_array.c|-DN=2" "SUM_ARRAY(3)|bench/programs/sum_array.c|-DN=3"
  )
  # Larger sizes (1-15 s each here), where the exploration outweighs the start-up.
  large=(
    "PI(8)|bench/qpor/pi.c|-DN=8" "MPAT(6)|bench/qpor/mpat.c|-DN=6"
    "MPC(3,4)|bench/qpor/mpc.c|-DP=3 -DC=4" "DISP(3,3)|bench/qpor/disp.c|-DN=3 -DM=3"
    "POOL(2,3)|bench/qpor/pool.c|-DW=2 -DT=3" "POL(6,3)|bench/qpor/pol.c|-DN=6 -DM=3"
  )
  [ "$callgrind" = 1 ] || cases+=("${large[@]}")
fi

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

# run MODE FILE MACROS: one exploration; prints "configs runs defects summary-seconds explore-seconds rc"
run() {
  local mode=$1 file=$2 macros=$3 out rc sum
  # shellcheck disable=SC2086
  out=$("$dpu" -j 1 --por=qpor --races="$mode" --stats --timeout="$timeout" $macros "$file" 2>/dev/null)
  rc=$?
  sum=$(echo "$out" | grep "dpu: summary:")
  echo "$sum" | sed 's/dpu: summary: \([0-9]*\) defects, \([0-9]*\) max-configs, [0-9]* SSBs, \([0-9]*\) runs, \([0-9.]*\) s/\2 \3 \1 \4/' | tr '\n' ' '
  echo "$out" | grep "stats: time executor" |
    sed 's/.*executor \([0-9.]*\) s, explorer \([0-9.]*\) s.*/\1 \2/' | awk '{ printf "%.3f ", $1 + $2 }'
  echo "$rc"
}

# cg MODE FILE MACROS: one exploration under callgrind; prints "runs defects runner-instructions
# total-instructions"
cg() {
  local mode=$1 file=$2 macros=$3 tmp out f run=0 tot=0 x
  tmp=$(mktemp -d)
  # shellcheck disable=SC2086
  out=$(valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$tmp/cg.%p" \
    "$dpu" -j 1 --por=qpor --races="$mode" --run-timeout=600 $macros "$file" 2>/dev/null)
  for f in "$tmp"/cg.*; do
    x=$(awk '/^(summary|totals):/ { print $2; exit }' "$f")
    tot=$((tot + ${x:-0}))
    ann=$(callgrind_annotate --inclusive=yes "$f")
    # Minus the polling of one process for the other (executor.c's sem_poll), which depends
    # on how long the other takes.
    x=$(echo "$ann" | awk '/executor.c:sem_poll/ && !x { gsub(",", "", $1); print $1; x = 1 }')
    tot=$((tot - ${x:-0}))
    x=$(echo "$ann" | awk '/sched.c:dpu_rt_run_once/ && !x { gsub(",", "", $1); print $1; x = 1 }')
    run=$((run + ${x:-0}))
  done
  rm -rf "$tmp"
  echo "$out" | grep "dpu: summary:" |
    sed 's/dpu: summary: \([0-9]*\) defects, [0-9]* max-configs, [0-9]* SSBs, \([0-9]*\) runs.*/\2 \1/' |
    tr '\n' ' '
  echo "$run $tot"
}

if [ "$callgrind" = 1 ]; then
  echo "| case | runs | defects on/off | runner instr/run on | runner instr/run off | on/off | dpu Minstr on | dpu Minstr off | on/off |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for c in "${cases[@]}"; do
    IFS='|' read -r name file macros <<< "$c"
    read -r rn don ron ton <<< "$(cg on "$file" "$macros")"
    read -r rnoff doff roff toff <<< "$(cg off "$file" "$macros")"
    if [ -z "$rn" ] || [ -z "$rnoff" ] || [ "$rn" = 0 ] || [ "$rnoff" = 0 ]; then
      echo "| $name | dpu failed | | | | | | | |"
      continue
    fi
    runs=$rn
    [ "$rn" = "$rnoff" ] || runs="$rn / $rnoff"
    echo "| $name | $runs | $don/$doff | $((ron / rn)) | $((roff / rnoff)) | $(ratio "$ron" "$roff") |" \
      "$((ton / 1000000)) | $((toff / 1000000)) | $(ratio "$ton" "$toff") |"
  done
  exit 0
fi

echo "| case | max-configs | runs | defects on/off | runs each | on (s) | off (s) | on/off | explore on (s) | explore off (s) | explore on/off |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros <<< "$c"
  declare -A res=()
  for ((i = 0; i < repeat; i++)); do
    if ((i % 2 == 0)); then order="on off"; else order="off on"; fi
    for mode in $order; do res[$mode]+="$(run "$mode" "$file" "$macros")"$'\n'; done
  done
  declare -A med=() exp=() first=()
  for mode in on off; do
    lines=$(printf '%s' "${res[$mode]}" | sed '/^$/d')
    first[$mode]=$(echo "$lines" | head -1)
    med[$mode]=$(echo "$lines" | awk '{ print $4 }' | median)
    exp[$mode]=$(echo "$lines" | awk '{ print $5 }' | median)
    # Every run of a mode should agree on the counts and end with exit code 0.
    if [ "$(echo "$lines" | awk '{ print $1, $2, $3, $6 }' | sort -u | wc -l)" != 1 ]; then
      echo "warning: $name races=$mode: runs disagree: $(echo "$lines" | awk '{ print $1, $2, $3, "rc=" $6 }' | sort -u | tr '\n' ';')" >&2
    fi
  done
  read -r con rn don _ _ rcon <<< "${first[on]}"
  read -r coff rnoff doff _ _ rcoff <<< "${first[off]}"
  configs=$con; runs=$rn
  [ "$con" = "$coff" ] || configs="$con / $coff"
  [ "$rn" = "$rnoff" ] || runs="$rn / $rnoff"
  [ "$rcon" = 3 ] && configs="TO $configs"
  [ "$rcon" = 0 ] && [ "$rcoff" = 0 ] || echo "warning: $name: exit codes $rcon (on), $rcoff (off)" >&2
  echo "| $name | $configs | $runs | $don/$doff | $repeat | ${med[on]} | ${med[off]} | $(ratio "${med[on]}" "${med[off]}") | ${exp[on]} | ${exp[off]} | $(ratio "${exp[on]}" "${exp[off]}") |"
  unset res med exp first
done
