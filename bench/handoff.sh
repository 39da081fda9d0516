#!/usr/bin/env bash
# The explorer/runner hand-off of a lone pair (-j 1) on this machine (issue 42): wall seconds,
# median of REPEAT runs, of bench/qpor's MPAT(6) and PI(8) with -j 1 unpinned, under
# `taskset -c 0`, and unpinned beside two busy-loop processes (the fair share of 2 cores among
# 3 runnable processes is 1.5x the time alone). Prints a Markdown table.
#
#   bench/handoff.sh            DPU=build/dpu REPEAT=5
set -euo pipefail
cd "$(dirname "$0")/.."
dpu=${DPU:-build/dpu}
repeat=${REPEAT:-5}
[ -x "$dpu" ] || scripts/build.sh build >&2

# Median wall seconds of "$@" over $repeat runs.
median() {
  local t=()
  for _ in $(seq "$repeat"); do
    local s e
    s=$(date +%s.%N)
    "$@" > /dev/null
    e=$(date +%s.%N)
    t+=("$(awk -v s="$s" -v e="$e" 'BEGIN {print e - s}')")
  done
  printf '%s\n' "${t[@]}" | sort -n | sed -n "$(( (repeat + 1) / 2 ))p"
}

echo "| program | -j 1 alone | taskset -c 0 | beside 2 busy loops | busy / alone |"
echo "|---|---|---|---|---|"
for c in "MPAT(6)|bench/qpor/mpat.c|-DN=6" "PI(8)|bench/qpor/pi.c|-DN=8"; do
  IFS='|' read -r name file flags <<< "$c"
  alone=$(median "$dpu" -j 1 "$flags" "$file")
  pinned=$(median taskset -c 0 "$dpu" -j 1 "$flags" "$file")
  sh -c 'while :; do :; done' & b1=$!
  sh -c 'while :; do :; done' & b2=$!
  busy=$(median "$dpu" -j 1 "$flags" "$file")
  kill "$b1" "$b2"
  printf '| %s | %.2f s | %.2f s | %.2f s | %.2fx |\n' "$name" "$alone" "$pinned" "$busy" \
    "$(awk -v b="$busy" -v a="$alone" 'BEGIN {print b / a}')"
done
