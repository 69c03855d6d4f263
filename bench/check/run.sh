#!/usr/bin/env bash
# The check benchmark: time to a verdict of `tinyllm-grade check` on a learner's workspace on 2 jobs,
# compile included. The workspace is the reference module with pitfall s07 applied and no tests
# (the module's half alone) and then with examples/thorough as its tests (both halves).
#   cold: a fresh workspace (the module, the course suite and the differential shim compiled);
#   warm: the same workspace checked again after touching one module file, as a learner does
#         between two checks (one file recompiled; the course suite and shim reused).
# Each is measured ROUNDS times (default 3); the ratio warm / cold is printed from the same run.
# Usage: bench/check/run.sh [BUILD_DIR]   (BUILD_DIR holds a built tinyllm-grade)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="$(realpath "${1:-build}")"
rounds="${ROUNDS:-3}"
grader="$build/runner/tinyllm-grade"
work="$(mktemp -d /tmp/tinyllm-bench-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

check_once() {  # workspace label
  local start status
  start=$(now)
  set +e
  "$grader" check "$1" --jobs 2 --quiet --output "$work/report-$2" >"$work/check-$2.txt" 2>&1
  status=$?
  set -e
  echo "$2: $(elapsed "$start" "$(now)") s (exit $status: $(grep -o 'Verdict: .*(module.*' "$work/check-$2.txt"))"
}

for tests in none thorough; do
  echo "== check, tests: $tests"
  for round in $(seq "$rounds"); do
    ws="$work/ws-$tests-$round"
    "$grader" start "$ws" --from-reference --pitfalls s07 >/dev/null
    rm -rf "$ws/tests/"*
    [ "$tests" = thorough ] && cp examples/thorough/* "$ws/tests/"
    check_once "$ws" "cold-$tests-$round"
    touch "$ws/src/accumulate.cpp" && echo "// touched" >>"$ws/src/accumulate.cpp"
    check_once "$ws" "warm-$tests-$round"
  done
done
