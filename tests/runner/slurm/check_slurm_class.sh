#!/usr/bin/env bash
# The class on a real Slurm (a private single-node one, private-slurm.sh): scripts/slurm/submit.sh
# grades a class of 6 suites as an array of 3 tasks into one folder, with the merge after it.
# Catches:
#  - a Slurm class report that differs from a one-machine batch of the same class (the CSVs byte
#    for byte, the verdicts): shards that miss or repeat learners, a merge that reads the shared
#    folder wrongly;
#  - a task killed mid-way whose learners are lost, or regraded in full on resubmission (only the
#    learner it was grading may be graded again), and a merge that runs after a failed task;
#  - the GNU parallel recipe (docs/class-batch.md) giving another class report than the batch;
#  - daemons or jobs left running after the test, and the staging folder of the killed task's
#    grader (a copy of its learners' suites) left in the temporary folder.
# Usage: check_slurm_class.sh GRADER REPO   (exit 77: Slurm cannot run here, and why)
set -uo pipefail
grader=$(realpath "$1")
repo=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/tinyllm-slurm-test.XXXXXX)
slurm=$work/slurm
failures=0

finish() {
  "$here/private-slurm.sh" stop "$slurm"
  local left
  left=$(pgrep -a -f -- "$work/" || true)
  if [ -n "$left" ]; then
    echo "FAIL: processes left running after the test:"
    echo "$left"
    failures=$((failures + 1))
  fi
  # A grader killed by scancel cannot remove its staging folder; the next one removes it.
  local staging pid
  for staging in "${TMPDIR:-/tmp}"/tinyllm-staging-*-*; do
    [ -d "$staging" ] || continue
    pid=${staging##*/tinyllm-staging-}
    pid=${pid%%-*}
    if ! kill -0 "$pid" 2>/dev/null && compgen -G "$staging/c*/learner-0?" >/dev/null; then
      echo "FAIL: $staging, the staging folder of an ended grader of this class, was left behind"
      failures=$((failures + 1))
    fi
  done
  rm -rf "$work"
  [ $failures -eq 0 ] || exit 1
}
trap finish EXIT
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

started=$("$here/private-slurm.sh" start "$slurm")
status=$?
if [ $status -eq 77 ]; then
  echo "SKIP: $started"
  trap - EXIT
  rm -rf "$work"
  exit 77
fi
[ $status -eq 0 ] || { echo "$started"; echo "FAIL: the private Slurm did not start"; exit 1; }
export "$started" # SLURM_CONF
echo "== ${SECONDS}s: a private Slurm: $(sinfo --noheader --format='%P %D node, %c cores, %T')"

"$repo/examples/make-class.sh" "$work/class" 6 >/dev/null
# The made-up learners all FAIL; one PASS among them, so that the verdicts compared differ.
rm -rf "$work/class/learner-05"
cp -r "$repo/examples/thorough" "$work/class/learner-05"
options=(--mutants pitfalls)

# Waits until none of the given jobs is in the queue (at most $2 seconds).
wait_for_jobs() {
  local jobs=$1 limit=$2
  for _ in $(seq $((limit * 2))); do
    [ -z "$(squeue --noheader --jobs="$jobs" 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  fail "jobs $jobs still in the queue after ${limit} s: $(squeue --jobs="$jobs")"
  return 1
}
submit() {
  TINYLLM_GRADE=$grader "$repo/scripts/slurm/submit.sh" --tasks 3 --cpus-per-task 1 \
    --mem-per-cpu 2G --time 00:20:00 "$work/class" "$work/out" -- "${options[@]}"
}
job_ids() { sed -n 's/^submitted: array job \([0-9]*\) .* merge job \([0-9]*\) after it$/\1 \2/p'; }

echo "== ${SECONDS}s: the class on one machine: batch --jobs 2"
"$grader" batch "$work/class" --output "$work/single" --jobs 2 -q "${options[@]}" |
  tee "$work/single.log"
grep -q "^batch: 6 suites (6 graded, 0 reused), 1 PASS;" "$work/single.log" ||
  fail "the one-machine batch did not grade 6 suites with 1 PASS (examples/thorough)"

echo "== ${SECONDS}s: submitted: 3 tasks and the merge; task 2 is killed while it grades its second learner"
read -r array merge < <(submit | tee "$work/submit1.log" | job_ids)
[ -n "${array:-}" ] || { cat "$work/submit1.log"; fail "submit.sh printed no job ids"; exit 1; }
log2=$work/out/slurm-logs/grade-${array}_2.log
for _ in $(seq 600); do
  grep -q '^\[2/2\]' "$log2" 2>/dev/null && break
  sleep 0.2
done
grep -q '^\[2/2\]' "$log2" 2>/dev/null || fail "task 2 never started its second learner: $(cat "$log2" 2>&1)"
scancel "${array}_2"
wait_for_jobs "$array,$merge" 600
# Shard 2 of 3 of learner-00..05 is learner-01 and learner-04: the second was being graded.
[ -f "$work/out/learner-01/grade.json" ] || fail "task 2's first learner has no grade"
[ ! -f "$work/out/learner-04/grade.json" ] || fail "learner-04 has a grade although task 2 was killed while grading it (the kill came too late?)"
[ ! -e "$work/out/class-learners.csv" ] || fail "the merge ran although task 2 was killed"

echo "== ${SECONDS}s: resubmitted: only learner-04 is graded again"
read -r array merge < <(submit | tee "$work/submit2.log" | job_ids)
[ -n "${array:-}" ] || { cat "$work/submit2.log"; fail "submit.sh printed no job ids"; exit 1; }
wait_for_jobs "$array,$merge" 600
for task in 1 2 3; do
  expected="(0 graded, 2 reused)"
  [ $task -eq 2 ] && expected="(1 graded, 1 reused)"
  grep -qF "batch: 2 suites $expected" "$work/out/slurm-logs/grade-${array}_$task.log" ||
    fail "task $task of the resubmission did not say $expected: $(tail -n 3 "$work/out/slurm-logs/grade-${array}_$task.log")"
done
grep -q "^merge: 6 suites" "$work/out/slurm-logs/merge-$merge.log" ||
  fail "the merge did not write a class of 6: $(cat "$work/out/slurm-logs/merge-$merge.log")"

# Compares a class report with the one-machine batch's: both CSVs byte for byte, and each
# learner's verdict in class-report.json.
same_as_single() {
  local name=$1 folder=$2 csv
  for csv in class-learners.csv class-mutants.csv; do
    cmp -s "$work/single/$csv" "$folder/$csv" ||
      fail "$name: $csv differs from the one-machine batch's: $(diff "$work/single/$csv" "$folder/$csv" | head -n 6)"
  done
  python3 - "$work/single/class-report.json" "$folder/class-report.json" <<'PY' || fail "$name: the verdicts differ from the one-machine batch's"
import json, sys
def verdicts(path):
    report = json.load(open(path))
    return sorted((learner["learner"], learner["verdict"]) for learner in report["learners"])
single, other = (verdicts(path) for path in sys.argv[1:])
if single != other or len(single) != 6:
    sys.exit(f"one machine: {single}\nhere: {other}")
PY
}
same_as_single "Slurm" "$work/out"

echo "== ${SECONDS}s: GNU parallel: 3 shards at once into one folder, then the merge"
if command -v parallel >/dev/null; then
  parallel --jobs 3 "$grader" batch "$work/class" --output "$work/parallel" --shard {}/3 \
    --no-class-report --jobs 1 -q "${options[@]}" ::: 1 2 3 >"$work/parallel.log" 2>&1 ||
    fail "parallel exited $?: $(tail -n 5 "$work/parallel.log")"
  "$grader" merge "$work/parallel" --output "$work/parallel" --suites "$work/class" >/dev/null ||
    fail "the merge of the parallel shards exited $?"
  same_as_single "GNU parallel" "$work/parallel"
else
  fail "GNU parallel is not installed (scripts/install-deps.sh installs it)"
fi

[ $failures -eq 0 ] && echo "PASS: the class on Slurm (killed and resumed) and through GNU parallel equals the one-machine batch"
exit $((failures > 0))
