#!/usr/bin/env bash
# MS-L11 end to end: `tinyllm-grade milestone --quick` passes on the reference's module and writes
# its numbers, pictures and page; the page renders in headless Chromium with both pictures loaded
# (a screenshot is kept); a module written from the contract alone
# (tests/runner/fixtures/independent/correct) passes; a workspace holding pitfall s23 (checkpoint
# runs the forward pass with the graph on) fails, by checkpointing's memory; it takes the builds
# of the checked reference's workspace (the fixture checked_reference_workspace), as `check` left
# them, so its module build compiles checkpoint.cpp alone.
# Usage: milestone_e2e.sh <tinyllm-grade> <the fixture's folder>
set -euo pipefail
grader=$1
checked=$2/ws
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

echo "== the reference's module, quick form"
status=0
"$grader" milestone --quick --output "$scratch/reference" -q >"$scratch/reference.txt" 2>&1 || status=$?
cat "$scratch/reference.txt"
[ "$status" -eq 0 ] || fail "the reference's module did not pass (exit $status)"
grep -q "^MS-L11 on the reference's module: PASS" "$scratch/reference.txt" || fail "no PASS line"
for file in milestone.json milestone.html loss.svg memory.svg loss.png memory.png milestone.gp; do
  [ -s "$scratch/reference/$file" ] || fail "$file was not written"
done
grep -q "<svg" "$scratch/reference/loss.svg" || fail "loss.svg is not an SVG"
[ "$(head -c 4 "$scratch/reference/loss.png" | tail -c 3)" = PNG ] || fail "loss.png is not a PNG"

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  echo "== the page in Chromium"
  page="$scratch/reference/milestone.html"
  cp "$page" "$scratch/reference/probe.html"
  # After load, write each picture's rendered size and the verdict into the DOM.
  sed -i 's|</body>|<script>window.addEventListener("load", () => { const p = document.createElement("pre"); p.id = "probe"; p.textContent = [...document.images].map(i => "IMAGE " + i.getAttribute("src") + " " + i.naturalWidth + "x" + i.naturalHeight).join("\\n") + "\\nVERDICT " + document.querySelector(".verdict").textContent + "\\nDONE"; document.body.append(p); });</script></body>|' "$scratch/reference/probe.html"
  browse() {
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$(mktemp -d -p "$scratch")" "$@" 2>>"$scratch/chromium.log"
  }
  browse --virtual-time-budget=10000 --dump-dom "file://$scratch/reference/probe.html" >"$scratch/dom.html"
  sed -n '/<pre id="probe">/,/DONE/p' "$scratch/dom.html" | tee "$scratch/probe.txt"
  grep -q "VERDICT PASS" "$scratch/probe.txt" || fail "the page does not show PASS"
  for picture in loss.svg memory.svg; do
    grep -Eq "IMAGE $picture [1-9][0-9]+x[1-9][0-9]+" "$scratch/probe.txt" ||
      fail "$picture did not load in the page"
  done
  shot="${MILESTONE_SCREENSHOT:-$scratch/milestone-page.png}"
  browse --window-size=1000,1800 --screenshot="$shot" "file://$page" >/dev/null
  size=$(stat -c %s "$shot" 2>/dev/null || echo 0)
  [ "$size" -ge 40000 ] || fail "the page's screenshot is missing or blank ($size bytes)"
  echo "screenshot: $shot ($size bytes)"
else
  echo "SKIP the page check: no Chromium at $chromium (apt-get install chromium)"
fi

echo "== a module written from the contract alone"
"$grader" start "$scratch/independent" --no-example-test >/dev/null
cp -r "$(dirname "$0")/../fixtures/independent/correct/." "$scratch/independent/"
status=0
"$grader" milestone "$scratch/independent" --quick -q >"$scratch/independent.txt" 2>&1 || status=$?
cat "$scratch/independent.txt"
[ "$status" -eq 0 ] || fail "the independent module did not pass (exit $status)"

echo "== a workspace with pitfall s23 (checkpoint builds the graph)"
"$grader" start "$scratch/s23" --from-reference --pitfalls s23 --no-example-test >/dev/null
cp -r "$checked/.tinyllm" "$scratch/s23/.tinyllm"
rm -f "$scratch/s23/.tinyllm/module-passed"
status=0
"$grader" milestone "$scratch/s23" --quick -q >"$scratch/s23.txt" 2>&1 || status=$?
cat "$scratch/s23.txt"
[ "$status" -eq 1 ] || fail "the s23 module was not failed (exit $status)"
grep -q "checkpointed blocks hold" "$scratch/s23.txt" || fail "the failure does not name checkpointing's memory"
echo "milestone end to end: ok"
