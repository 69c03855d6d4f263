#!/usr/bin/env bash
# The class benchmark: generates a class of 30 learner suites of varying quality, grades it with
# `tinyllm-grade batch` on 2 cores, then grades it again with nothing changed (every grade resumed
# from its stored result). Reports suites per minute for both and the ratio (goal: the rerun at
# least 20x faster).
# The class is examples/make-class.sh's: suites of varying quality made from the examples.
# Usage: bench/class/run.sh [BUILD_DIR] [LEARNERS]   (BUILD_DIR holds a built tinyllm-grade)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="$(realpath "${1:-build}")"
learners="${2:-30}"
grader="$build/runner/tinyllm-grade"
work="$(mktemp -d /tmp/tinyllm-bench-class.XXXXXX)"
trap 'rm -rf "$work"' EXIT
made=$(examples/make-class.sh "$work/class" "$learners")
echo "== a class of $made generated suites in $work/class"

now() { date +%s.%N; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.2f", n * 60 / s }'; }

start=$(now)
"$grader" batch "$work/class" --output "$work/out" --jobs 2 -q >"$work/first.log" 2>&1 || true
first=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
start=$(now)
"$grader" batch "$work/class" --output "$work/out" --jobs 2 -q >"$work/second.log" 2>&1 || true
second=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')

tail -n 5 "$work/first.log"
echo
echo "| what | seconds | suites per minute |"
echo "|---|---|---|"
echo "| grading $made suites (batch, 2 jobs) | $first | $(rate "$made" "$first") |"
echo "| the same batch again, nothing changed (resumed) | $second | $(rate "$made" "$second") |"
awk -v a="$first" -v b="$second" 'BEGIN { printf "| rerun speed-up (goal >= 20x) | %.0fx | |\n", a / b }'
