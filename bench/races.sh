#!/usr/bin/env bash
# Cost of data-race detection (issue #9): each case explored with QPOR (k = 0) with races on
# (the default) and with --races=off (no instrumentation at all), REPEAT times each, on and off
# alternating (and which of the two goes first alternating too, so slow drift of the machine's
# load hits both alike), and prints a markdown table of the medians.
#
#   bench/races.sh [CASE...]      CASE as "NAME|file|macros", default: the list below
#
# Times: the seconds of dpu's `dpu: summary: ... T s` line, i.e. dpu's wall time from its start
# to the end of the exploration, start-up included (clang, instrumentation, JIT: 0.05-0.1 s, the
# whole time of the small cases); and the exploration alone, executor + explorer seconds of
# `--stats` (wall time without the start-up). The ratios are median on / median off.
# A "defects" column other than 0/0 means dpu reported something: a bug or a racy benchmark.
#
# Environment: DPU (default build/dpu), REPEAT runs per mode (default 5), TIMEOUT seconds per
# exploration (default 120).
set -uo pipefail
cd "$(dirname "$0")/.."
dpu=${DPU:-build/dpu}
repeat=${REPEAT:-5}
timeout=${TIMEOUT:-120}
[ -x "$dpu" ] || scripts/build.sh build >&2 || exit 2
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    "PI(6)|bench/qpor/pi.c|-DN=6" "PI(7)|bench/qpor/pi.c|-DN=7"
    "MPAT(4)|bench/qpor/mpat.c|-DN=4"
    "MPC(3,3)|bench/qpor/mpc.c|-DP=3 -DC=3"
    "DISP(2,3)|bench/qpor/disp.c|-DN=2 -DM=3"
    "POOL|bench/qpor/pool.c|"
    "POL|bench/qpor/pol.c|"
    "SUM_ARRAY(2)|bench/programs/sum_array.c|-DN=2"
  )
fi

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

# run MODE FILE MACROS: one exploration; prints "configs runs defects summary-seconds explore-seconds rc"
run() {
  local mode=$1 file=$2 macros=$3 out rc sum
  # shellcheck disable=SC2086
  out=$("$dpu" --por=qpor --races="$mode" --stats --timeout="$timeout" $macros "$file" 2>/dev/null)
  rc=$?
  sum=$(echo "$out" | grep "dpu: summary:")
  echo "$sum" | sed 's/dpu: summary: \([0-9]*\) defects, \([0-9]*\) max-configs, [0-9]* SSBs, \([0-9]*\) runs, \([0-9.]*\) s/\2 \3 \1 \4/' | tr '\n' ' '
  echo "$out" | grep "stats: time executor" |
    sed 's/.*executor \([0-9.]*\) s, explorer \([0-9.]*\) s.*/\1 \2/' | awk '{ printf "%.3f ", $1 + $2 }'
  echo "$rc"
}

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
