#!/usr/bin/env bash
# The class on Slurm, timed: a private single-node Slurm (tests/runner/slurm/private-slurm.sh, so
# root and Debian's slurmctld, slurmd and munge) grades a made-up class (examples/make-class.sh)
# through scripts/slurm/submit.sh with 1, 2 and 3 array tasks, each from nothing, timed from the
# submission to the merge's end; and, as the baseline of the same run, one `batch --jobs <cores>`.
# Prints suites per minute for each, and the largest resident memory of one process of a grade
# (GNU time over a one-suite batch), the figure to size --mem-per-cpu from.
# Usage: bench/class/slurm.sh [BUILD_DIR] [LEARNERS] [grading options...]   (default: build, 8)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="$(realpath "${1:-build}")"
learners="${2:-8}"
shift $(($# < 2 ? $# : 2))
grader="$build/runner/tinyllm-grade"
work="$(mktemp -d /tmp/tinyllm-bench-slurm.XXXXXX)"
trap 'tests/runner/slurm/private-slurm.sh stop "$work/slurm"; rm -rf "$work"' EXIT
cores=$(nproc)

started=$(tests/runner/slurm/private-slurm.sh start "$work/slurm") || {
  echo "$started"
  exit 1
}
export "$started"
made=$(examples/make-class.sh "$work/class" "$learners")
echo "== a class of $made suites; $cores cores; grading options: ${*:-(none)}"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
rate() { awk -v n="$made" -v s="$1" 'BEGIN { printf "%.2f", n * 60 / s }'; }

echo "| how | seconds | suites per minute |"
echo "|---|---|---|"
start=$(now)
"$grader" batch "$work/class" --output "$work/one-machine" --jobs "$cores" -q "$@" >/dev/null
seconds=$(since "$start")
echo "| one machine: batch --jobs $cores | $seconds | $(rate "$seconds") |"

for tasks in 1 2 3; do
  cpus=$((cores / tasks > 0 ? cores / tasks : 1))
  start=$(now)
  TINYLLM_GRADE=$grader scripts/slurm/submit.sh --tasks "$tasks" --cpus-per-task "$cpus" \
    --mem-per-cpu 2G "$work/class" "$work/slurm-$tasks" -- "$@" >"$work/submit-$tasks.log"
  ids=$(sed -n 's/^submitted: array job \([0-9]*\) .* merge job \([0-9]*\) after it$/\1,\2/p' "$work/submit-$tasks.log")
  while [ -n "$(squeue --noheader --jobs="$ids" 2>/dev/null)" ]; do sleep 0.5; done
  seconds=$(since "$start")
  cmp -s "$work/one-machine/class-learners.csv" "$work/slurm-$tasks/class-learners.csv" ||
    echo "(the class report of $tasks tasks differs from the one-machine batch's)"
  echo "| Slurm: $tasks array task(s) of $cpus core(s) each | $seconds | $(rate "$seconds") |"
done

one=$(ls -d "$work/class"/*/ | head -n 1)
mkdir -p "$work/one/suite"
cp -r "$one"* "$work/one/suite/"
/usr/bin/time -f '%M' -o "$work/rss" "$grader" batch "$work/one" --output "$work/one-out" \
  --jobs 1 -q "$@" >/dev/null
echo
echo "largest resident memory of one process while grading one suite with --jobs 1: $(($(cat "$work/rss") / 1024)) MiB"
