#!/usr/bin/env bash
# What the sandbox costs: grades SUITE (default examples/thorough) with this build's grader and with
# BASELINE, a tinyllm-grade built from an earlier commit (say, before the sandbox moved onto
# bubblewrap), alternately ROUNDS times (default 3) in the same run, both on 2 jobs and given this
# build's --build-dir and --source-dir (the same variant libraries and precompiled header). Prints
# the medians of the grade's wall time, the compile (timings.json) and the mean sandboxed run
# (reference, wheats, probe and every mutant run), each with new / baseline; and whether the two
# graders gave every mutant the same status.
# Usage: bench/grading/sandbox.sh BASELINE [SUITE] [BUILD_DIR] [ROUNDS] [ISOLATION]
set -euo pipefail
cd "$(dirname "$0")/../.."
baseline="$(realpath "${1:?give a baseline tinyllm-grade}")"
suite="${2:-examples/thorough}"
build="$(realpath "${3:-build}")"
rounds="${4:-3}"
isolation="${5:-auto}"
current="$build/runner/tinyllm-grade"
work="$(mktemp -d /tmp/tinyllm-bench-sandbox.XXXXXX)"
trap 'rm -rf "$work"' EXIT

grade() {  # grade GRADER NAME ROUND
  local out="$work/$2-$3" start end
  start=$(date +%s.%N)
  "$1" grade "$suite" --jobs 2 --quiet --isolation "$isolation" --build-dir "$build" \
    --source-dir "$PWD" --output "$out" --timings "$out.json" --format json >/dev/null || true
  end=$(date +%s.%N)
  python3 - "$out.json" "$start" "$end" >>"$work/$2.tsv" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
runs = t["reference_seconds"] + t["wheat_seconds"] + [t["probe_seconds"]] + \
    [s for s in t["mutant_seconds"].values() if s > 0]
print(f"{float(sys.argv[3]) - float(sys.argv[2]):.3f}\t{t['compile_seconds']:.3f}\t{sum(runs) / len(runs):.4f}")
PY
}

for round in $(seq "$rounds"); do
  grade "$baseline" baseline "$round"
  grade "$current" current "$round"
  echo "round $round of $rounds done" >&2
done

python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def medians(name):
    rows = [list(map(float, l.split("\t"))) for l in open(f"{work}/{name}.tsv")]
    return [statistics.median(c) for c in zip(*rows)]
def statuses(name):
    report = json.load(open(f"{work}/{name}-1/mutation-report.json"))
    return {m["id"]: m["status"] for f in report["files"].values() for m in f["mutants"]}
b, c = medians("baseline"), medians("current")
print(f"{'median of ' + str(rounds):<28}{'baseline':>10}{'current':>10}{'current/baseline':>18}")
for label, x, y in zip(["grade wall (s)", "compile (s)", "mean sandboxed run (s)"], b, c):
    print(f"{label:<28}{x:>10.3f}{y:>10.3f}{y / x:>18.2f}")
same = statuses("baseline") == statuses("current")
print("every mutant's status the same:", "yes" if same else "NO")
PY
