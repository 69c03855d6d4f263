#!/usr/bin/env bash
# A simulated learner on Gradescope: the real grader, run by the bundle's run_autograder in a folder
# laid out like /autograder, grades one suite that misses s07 and s13 five times, each results.json
# fed back as Gradescope does (submission_metadata.json's previous_submissions), with a grader
# failure between the second and third submission, then once after the due date. Checks:
# - the hint ladder rises one rung per counted attempt: s07's question, then its concept, then its
#   symptom, then its title, and what a learner sees never holds a title before the attempt that
#   earns it;
# - the failure is marked grader_failed and not counted (the third submission is attempt 3);
# - after the due date everything is named; the hidden staff test names everything from the first;
# - every results.json passes Gradescope's results schema (gradescope-results.schema.json, ajv).
# Usage: check_gradescope_attempts.sh <tinyllm-grade> <write_gradescope_bundle> <repository root>
set -euo pipefail
grader=$1
writer=$2
repository=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root=$scratch/autograder
mkdir -p "$root/submission" "$scratch/bin" "$scratch/kept"
# The learner: examples/thorough without its tests of unequal splits (s07 survives) and without its
# check that a skipped step drops the gradients (s13 survives).
cp "$repository/examples/thorough/"* "$root/submission/"
python3 - "$root/submission" <<'PY'
import re, sys
folder = sys.argv[1]
def edit(name, change):
    path = f"{folder}/{name}"
    text = open(path).read()
    changed = change(text)
    assert changed != text, f"{name}: examples/thorough changed; update this script"
    open(path, "w").write(changed)
def drop_tests(text, *names):
    for name in names:
        text = re.sub(r"\n// [^\n]*\n(TEST|RC_GTEST_PROP)\(Accumulate, %s\b.*?\n}\n" % name, "\n",
                      text, flags=re.S)
    return text
edit("accumulate_test.cpp", lambda t: drop_tests(t, "UnequalSplit", "AnySplitMatchesOneBatch"))
edit("scaler_test.cpp", lambda t: t.replace("  EXPECT_FALSE(m.w.has_grad());\n", ""))
PY
printf 'reveal = "ladder"\nmutants = "pitfalls"\n' >"$scratch/grading.toml"
"$writer" "$root/source" "" "$scratch/grading.toml"
cp "$root/source/run_autograder" "$root/run_autograder"
ln -s "$grader" "$scratch/bin/tinyllm-grade"

due="2026-12-10T23:59:00.000000-08:00"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# submission_metadata.json for a submission at `created`, with every kept results.json before it.
write_metadata() {
  python3 - "$root/submission_metadata.json" "$1" "$due" "$scratch/kept" <<'PY'
import glob, json, sys
path, created, due, kept = sys.argv[1:]
previous = []
for i, f in enumerate(sorted(glob.glob(kept + "/*.json"))):
    results = json.load(open(f))
    previous.append({"submission_time": "2026-12-0%dT10:00:00.000000-08:00" % (i + 1),
                     "score": results.get("score", 0), "results": results})
json.dump({"created_at": created, "assignment": {"due_date": due, "late_due_date": None,
           "title": "L11.1", "total_points": "24.0"},
           "users": [{"email": "ada@example.com", "id": 1, "name": "Ada"}],
           "previous_submissions": previous}, open(path, "w"), indent=1)
PY
}

# Prints what a learner sees of a results.json (the hidden staff test left out), or the staff test.
learner_view() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["tests"]=[t for t in r["tests"] if t.get("visibility")!="hidden"]; print(json.dumps(r))' "$1"
}
staff_view() {
  python3 -c 'import json,sys; print(json.dumps([t for t in json.load(open(sys.argv[1]))["tests"] if t.get("visibility")=="hidden"]))' "$1"
}
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["extra_data"]["tinyllm"][sys.argv[2]])' "$1" "$2"; }

# Submits once at `created` (run_autograder as Gradescope runs it) and keeps results.json as `name`.
submit() {
  local created=$1 name=$2 path=$3
  write_metadata "$created"
  rm -rf "$root/results"
  PATH="$path" AUTOGRADER_ROOT="$root" bash "$root/run_autograder" >"$scratch/log" 2>&1 ||
    fail "run_autograder exited non-zero ($name)"
  cp "$root/results/results.json" "$scratch/kept/$name.json"
}

title_s07="weighting micro-batches 1/k"
title_s13="keeping the bad gradients"
question_s07=$(python3 -c 'import tomllib,sys; print(next(m["question"] for m in tomllib.load(open(sys.argv[1],"rb"))["mutant"] if m["id"]=="s07"))' "$repository/mutants/catalog.toml")
concept_s07=$(python3 -c 'import tomllib,sys; print(next(m["concept"] for m in tomllib.load(open(sys.argv[1],"rb"))["mutant"] if m["id"]=="s07"))' "$repository/mutants/catalog.toml")
symptom_s07="wrong gradient whenever the sizes differ"
# JSON escapes what the texts may hold: compare with the JSON-encoded text, quotes stripped.
json_text() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1])[1:-1])' "$1"; }

expect_rung() {
  local file=$1 attempt=$2 rung=$3 seen
  seen=$(learner_view "$file")
  [ "$(field "$file" attempt)" = "$attempt" ] || fail "$file: attempt $(field "$file" attempt), not $attempt"
  [ "$(field "$file" hint_rung)" = "$rung" ] || fail "$file: rung $(field "$file" hint_rung), not $rung"
  grep -qF -- "$(json_text "$question_s07")" <<<"$seen" || fail "$file: no s07 question"
  if [ "$rung" = question ]; then
    ! grep -qF -- "$(json_text "$concept_s07")" <<<"$seen" || fail "$file: the concept on the first rung"
  else
    grep -qF -- "$(json_text "$concept_s07")" <<<"$seen" || fail "$file: no s07 concept at $rung"
  fi
  if [ "$rung" = symptom ]; then
    grep -qF -- "$symptom_s07" <<<"$seen" || fail "$file: no s07 symptom at the third rung"
  else
    ! grep -qF -- "$symptom_s07" <<<"$seen" || fail "$file: the symptom before the third rung"
  fi
  for title in "$title_s07" "$title_s13"; do
    ! grep -qF -- "$title" <<<"$seen" || fail "$file: the learner sees \"$title\" at rung $rung"
    grep -qF -- "$title" <<<"$(staff_view "$file")" || fail "$file: the staff test lacks \"$title\""
  done
}

path_with_grader="$scratch/bin:$PATH"
submit "2026-12-01T10:00:00-08:00" 1 "$path_with_grader"
grep -q '"s13"\|Mutant s13' "$scratch/kept/1.json" || fail "no s13 test in the results"
python3 - "$scratch/kept/1.json" <<'PY' || fail "s07 and s13 must both survive this suite"
import json, sys
tests = {t["name"]: t for t in json.load(open(sys.argv[1]))["tests"]}
for id in ("s07", "s13"):
    assert tests["Mutant " + id]["status"] == "failed", id
PY
expect_rung "$scratch/kept/1.json" 1 question
submit "2026-12-02T10:00:00-08:00" 2 "$path_with_grader"
expect_rung "$scratch/kept/2.json" 2 concept

# The grader fails (here: it is not on the PATH): a results.json marked grader_failed, not counted.
submit "2026-12-03T10:00:00-08:00" 3-failed "/usr/bin:/bin"
[ "$(field "$scratch/kept/3-failed.json" grader_failed)" = True ] || fail "the failure is not marked"
submit "2026-12-04T10:00:00-08:00" 4 "$path_with_grader"
expect_rung "$scratch/kept/4.json" 3 symptom

submit "2026-12-05T10:00:00-08:00" 5 "$path_with_grader"
[ "$(field "$scratch/kept/5.json" attempt)" = 4 ] || fail "the fifth submission is not attempt 4"
grep -qF -- "$title_s07" <<<"$(learner_view "$scratch/kept/5.json")" ||
  fail "attempt 4 does not name s07"

node "$repository/tests/runner/batch/validate_gradescope_results.mjs" "$repository" \
  "$scratch/kept/"*.json || fail "a results.json is not Gradescope's"

# After the due date, a learner who never got past the first rung sees everything.
rm "$scratch/kept/"*.json
submit "2026-12-11T10:00:00-08:00" late "$path_with_grader"
[ "$(field "$scratch/kept/late.json" after_deadline)" = True ] || fail "not after the due date"
for title in "$title_s07" "$title_s13"; do
  grep -qF -- "$title" <<<"$(learner_view "$scratch/kept/late.json")" ||
    fail "after the due date the learner does not see \"$title\""
done

node "$repository/tests/runner/batch/validate_gradescope_results.mjs" "$repository" \
  "$scratch/kept/late.json" || fail "the late results.json is not Gradescope's"
if ((failures)); then
  echo "gradescope attempts: $failures failed"
  exit 1
fi
echo "gradescope attempts: 6 submissions, 0 failed"
