#!/usr/bin/env bash
# --shard's balance (explorer/split.h): each program explored as N shards, one after the other
# (so that their times compare on a busy machine), for each N of SHARDS (default "8 16"). A
# Markdown table row per program and N: the parts of the split, the split's own runs and
# seconds (every shard makes the split), the max-configs of the whole and the largest and mean
# shard's (max/mean of the work), and the wall times of the slowest shard, of the mean shard
# and of one process exploring everything (`dpu` without --shard). The shards' max-configs
# must add up to the whole's: a row says "SUM WRONG" otherwise.
#   BUILD=build SHARDS="8 16" bench/shards.sh
#   bench/shards.sh "MPAT(6)|/tmp/ase17/mpat.c|-DPARAM1=6"
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
shards=${SHARDS:-8 16}
# Without arguments: the QPOR paper's Table 1 programs (bench/paper.sh: DPU_ASE17 names the
# folder benchmarks/ase17 of a checkout of the original DPU), PI(8) from bench/qpor.
if [ $# -eq 0 ]; then
  ase=${DPU_ASE17:?set DPU_ASE17 to the folder benchmarks/ase17 of the original DPU, or give cases}
  set -- "PI(8)|bench/qpor/pi.c|-DN=8" "MPAT(6)|$ase/mpat.c|-DPARAM1=6" \
         "DISP(5,4)|$ase/dispatcher.c|-DPARAM1=5 -DPARAM2=4" \
         "MPC(3,5)|$ase/multiprodcon.c|-DPARAM1=3 -DPARAM2=5"
fi
echo "| program | N | parts | split runs, s | max-configs | largest / mean shard (max-configs) | max/mean | slowest / mean shard (s) | max/mean | one process (s) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in "$@"; do
  IFS='|' read -r name file flags <<<"$spec"
  # shellcheck disable=SC2086
  whole=$( { /usr/bin/time -f "TIME %e" "$build/dpu" -q -j 1 $flags "$file" >"$tmp/whole"; } 2>&1 || true)
  twhole=$(grep '^TIME' <<<"$whole" | cut -d' ' -f2)
  total=$(sed -n 's/.*summary: [0-9]* defects*, \([0-9]*\) max-configs.*/\1/p' "$tmp/whole")
  for n in $shards; do
    sum=0 maxc=0 tmax=0 tsum=0 parts=? split=?
    for ((i = 0; i < n; i++)); do
      # shellcheck disable=SC2086
      out=$( { /usr/bin/time -f "TIME %e" "$build/dpu" -q --shard=$i/$n $flags "$file" >"$tmp/s"; } 2>&1 || true)
      t=$(grep '^TIME' <<<"$out" | cut -d' ' -f2)
      c=$(sed -n 's/.*summary: [0-9]* defects*, \([0-9]*\) max-configs.*/\1/p' "$tmp/s")
      parts=$(sed -n 's/.* of the \([0-9]*\) parts.*/\1/p' "$tmp/s")
      split=$(sed -n 's/.*the split took \([0-9]*\) runs, \([0-9.]*\) s.*/\1, \2/p' "$tmp/s")
      sum=$((sum + c))
      ((c > maxc)) && maxc=$c
      tsum=$(awk "BEGIN{print $tsum + $t}")
      tmax=$(awk "BEGIN{print ($t > $tmax) ? $t : $tmax}")
    done
    mean=$(awk "BEGIN{printf \"%.1f\", $sum / $n}")
    ok=""
    [ "$sum" = "$total" ] || ok=" SUM WRONG ($sum)"
    echo "| $name | $n | $parts | $split | $total$ok | $maxc / $mean | $(awk "BEGIN{printf \"%.2f\", $maxc * $n / $sum}") | $tmax / $(awk "BEGIN{printf \"%.2f\", $tsum / $n}") | $(awk "BEGIN{printf \"%.2f\", $tmax * $n / $tsum}") | $twhole |"
  done
done
