# Sourced by bench/bound.sh and bench/symmetry.sh: cell ARGS... runs "$DPU" --timeout="$T" ARGS
# and prints "traces / runs / seconds" from its summary line, prefixed with "> " when the
# exploration did not end (incomplete, or a bound whose exploration did not end).
cell() {
  local out s
  out=$("$DPU" --timeout="$T" "$@" 2>&1)
  s=$(grep 'summary:' <<<"$out" | sed -E 's/.*defects, ([0-9]+) max-configs, [0-9]+ SSBs, ([0-9]+) runs, ([0-9.]+) s/\1 \/ \2 \/ \3 s/')
  if grep -q 'exploration incomplete\|did not end' <<<"$out"; then echo "> $s"; else echo "$s"; fi
}
