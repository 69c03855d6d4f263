#!/usr/bin/env bash
# The behavioural diagnosis's cost: the differential driver on each of the 24 pitfall variants as
# the learner's module (the variant shim, as the build records them), without and with
# --behaviours (the sample run on the learner and the reference, compared with every recorded
# mutant), warm (files cached), one after the other. Prints each pitfall's extra time and the total
# with and without, measured in the same run; check pays the same extra, plus copying
# behaviours.txt into its sandbox (its size is printed).
# Usage: bench/check/behaviour.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build="$(realpath "${1:-build}")"
diff_dir="$build/differential"
behaviours="$diff_dir/behaviours.txt"
[ -f "$behaviours" ] || { echo "no $behaviours: build the grader (ninja -C $build tinyllm-grader)"; exit 3; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
run() {  # variant [extra driver arguments]
  local variant=$1
  shift
  LD_LIBRARY_PATH="$build/variants/$variant" "$diff_dir/tinyllm-differential" \
    --reference="$diff_dir/libtinyllm_diff_reference.so" \
    --learner="$diff_dir/libtinyllm_diff_variant.so" "$@" >/dev/null 2>&1 || true
}
echo "behaviours.txt: $(du -h "$behaviours" | cut -f1), $(grep -c '^mutant ' "$behaviours") mutants"
total_without=0 total_with=0 worst=0
for i in $(seq -w 1 24); do
  run "s$i"  # warm the page cache
  start=$(now); run "s$i"; without=$(elapsed "$start" "$(now)")
  start=$(now); run "s$i" --behaviours="$behaviours"; with=$(elapsed "$start" "$(now)")
  extra=$(awk -v a="$without" -v b="$with" 'BEGIN { printf "%.3f", b - a }')
  echo "s$i: without ${without} s, with ${with} s, extra ${extra} s"
  total_without=$(awk -v a="$total_without" -v b="$without" 'BEGIN { print a + b }')
  total_with=$(awk -v a="$total_with" -v b="$with" 'BEGIN { print a + b }')
  worst=$(awk -v a="$worst" -v b="$extra" 'BEGIN { print (b > a ? b : a) }')
done
awk -v a="$total_without" -v b="$total_with" -v w="$worst" 'BEGIN {
  printf "24 pitfalls: %.2f s without, %.2f s with; extra per check %.3f s on average, %.3f s at most; ratio %.2f\n",
         a, b, (b - a) / 24, w, b / a }'
