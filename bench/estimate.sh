#!/usr/bin/env bash
# How good the estimate of an exploration's size is (explorer/estimate.c): explores each
# program to its end with the progress line printed every 0.1 s (DPU_PROGRESS_LOG_SECONDS) and
# prints a Markdown table: program, -j, traces at the end, and the estimate on the progress line
# over the final count when 10 %, 25 % and 50 % of the traces were explored, with the least and
# the largest such ratio from 10 % on.
#
#   bench/estimate.sh                  the cases below, -j 1 and the default -j
#   bench/estimate.sh "PI(8)|pi.c|-DN=8"   one case (file in bench/qpor/)
#
# Environment: DPU (default build/dpu), JOBS (default "1 0": -j 1 and dpu's default; 0 means
# no -j option).
set -uo pipefail
dpu=${DPU:+$(realpath -m -- "$DPU")}
cd "$(dirname "$0")/.." || exit 2
dpu=${dpu:-build/dpu}
[ -x "$dpu" ] || { echo "estimate.sh: build dpu first (scripts/build.sh build)" >&2; exit 2; }
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=("PI(8)|pi.c|-DN=8" "MPAT(6)|mpat.c|-DN=6" "MPC(3,4)|mpc.c|-DP=3 -DC=4"
  "DISP(3,3)|disp.c|-DN=3 -DM=3" "POOL(2,3)|pool.c|-DW=2 -DT=3")
echo "| program | -j | traces | est. at 10 % | 25 % | 50 % | least, largest from 10 % |"
echo "|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name file macros <<<"$c"
  for j in ${JOBS:-1 0}; do
    jopt=(); [ "$j" = 0 ] || jopt=(-j "$j")
    # shellcheck disable=SC2086
    out=$(DPU_PROGRESS_LOG_SECONDS=0.1 "$dpu" "${jopt[@]}" $macros "bench/qpor/$file" 2>&1)
    final=$(sed -n 's/^dpu: summary: [0-9]* defects, \([0-9]*\) max-configs.*/\1/p' <<<"$out")
    [ -n "$final" ] || { echo "| $name | ${j/#0/default} | (no summary) | | | | |"; continue; }
    sed -n 's/^dpu: [0-9]* runs, \([0-9]*\) max-configs.*, ~\([0-9.e+]*\) traces in all.*/\1 \2/p' \
      <<<"$out" | awk -v final="$final" -v name="$name" -v j="${j/#0/default}" '
      { f = $1 / final; r = $2 / final
        if (f >= 0.1) { if (!a) a = r; if (lo == "" || r < lo) lo = r; if (r > hi) hi = r }
        if (f >= 0.25 && !b) b = r
        if (f >= 0.5 && !c) c = r }
      END { printf "| %s | %s | %d | %s | %s | %s | %s |\n", name, j, final,
              a ? sprintf("%.2f", a) : "-", b ? sprintf("%.2f", b) : "-",
              c ? sprintf("%.2f", c) : "-", lo != "" ? sprintf("%.2f, %.2f", lo, hi) : "-" }'
  done
done
