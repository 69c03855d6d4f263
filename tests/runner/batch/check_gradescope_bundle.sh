#!/usr/bin/env bash
# Runs a generated run_autograder in a temporary folder laid out like Gradescope's /autograder
# (source/, submission/, results/) and checks the results.json it leaves. tinyllm-grade is a fake
# on PATH that records its arguments and writes a fixed results.json, so this checks the bundle's
# wiring (arguments, folders, the fallback when the grader dies), not the grader.
# Usage: check_gradescope_bundle.sh <write_gradescope_bundle> <repository root>
set -euo pipefail
writer=$1
repository=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root=$scratch/autograder
mkdir -p "$root/submission" "$root/results" "$scratch/bin"
echo 'TEST(Accumulate, HandExample) {}' >"$root/submission/accumulate_test.cpp"
echo 'threshold = 0.8' >"$scratch/grading.toml"

"$writer" "$root/source" "$repository" "$scratch/grading.toml"
for file in setup.sh run_autograder grading.toml tinyllm/CMakeLists.txt tinyllm/reports/CMakeLists.txt; do
  [ -e "$root/source/$file" ] || { echo "FAIL: the bundle has no $file"; exit 1; }
done
[ -x "$root/source/run_autograder" ] || { echo "FAIL: run_autograder is not executable"; exit 1; }
if [ -e "$root/source/tinyllm/node_modules" ] || [ -e "$root/source/tinyllm/.git" ] ||
   compgen -G "$root/source/tinyllm/build*" >/dev/null; then
  echo "FAIL: the bundle copied node_modules, .git or a build folder"; exit 1
fi
bash -n "$root/source/setup.sh" || { echo "FAIL: setup.sh is not valid bash"; exit 1; }
cp "$root/source/run_autograder" "$root/run_autograder"  # what Gradescope does

cat >"$scratch/bin/tinyllm-grade" <<'FAKE'
#!/usr/bin/env bash
# Fake grader: records its arguments, writes a fixed results.json into --out, exits 1 (FAIL).
printf '%s\n' "$@" >"$FAKE_LOG"
out=""
while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$2; shift; done
printf '{"score": 5, "tests": [{"name": "Mutant s07", "score": 0, "max_score": 1, "status": "failed"}]}\n' >"$out/results.json"
exit 1
FAKE
chmod +x "$scratch/bin/tinyllm-grade"

export FAKE_LOG=$scratch/arguments
PATH="$scratch/bin:$PATH" AUTOGRADER_ROOT="$root" bash "$root/run_autograder" \
  || { echo "FAIL: run_autograder exited non-zero on a FAIL grade"; exit 1; }
# Every option spelled in full (Boost's prefix matching would take --out for --output today, and
# an option added later could make it ambiguous).
expected=$(printf '%s\n' grade "$root/submission" --output "$root/results" --format gradescope \
  --config "$root/source/grading.toml")
[ "$(cat "$FAKE_LOG")" = "$expected" ] || { echo "FAIL: tinyllm-grade got:"; cat "$FAKE_LOG"; exit 1; }
# Gradescope's metadata, when there is one, is passed on (the attempt and the due date).
echo '{"previous_submissions": []}' >"$root/submission_metadata.json"
PATH="$scratch/bin:$PATH" AUTOGRADER_ROOT="$root" bash "$root/run_autograder" >/dev/null || true
grep -qx -- "--submission-metadata" "$FAKE_LOG" && grep -qx -- "$root/submission_metadata.json" "$FAKE_LOG" ||
  { echo "FAIL: the metadata was not passed:"; cat "$FAKE_LOG"; exit 1; }
grep -q '"score": 5' "$root/results/results.json" || { echo "FAIL: results.json is not the grader's"; exit 1; }

# A grader that dies without writing must still leave a results.json that says so.
rm "$root/results/results.json"
printf '#!/usr/bin/env bash\nexit 3\n' >"$scratch/bin/tinyllm-grade"
PATH="$scratch/bin:$PATH" AUTOGRADER_ROOT="$root" bash "$root/run_autograder" >/dev/null
grep -q 'stopped with status 3' "$root/results/results.json" ||
  { echo "FAIL: no fallback results.json"; cat "$root/results/results.json"; exit 1; }
grep -q '"grader_failed": true' "$root/results/results.json" ||
  { echo "FAIL: the fallback is not marked grader_failed (it would count as an attempt)"; exit 1; }
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$root/results/results.json" 2>/dev/null ||
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$root/results/results.json"
echo "gradescope bundle: 4 passed, 0 failed"
