#!/usr/bin/env bash
# Opens each fixture's HTML report in headless Chromium (offline: the page must need no network)
# and checks that every mutant of the embedded report is rendered at its site with its status, and
# that a test source holding "</script>" reached the page intact. Then, for each report, that the
# grade's header above the viewer holds the verdict and every surviving required pitfall (and no
# title the policy hides), and that a 1280x800 screenshot of the page's top is not blank and shows
# the verdict's colour (mutation-report-top.png beside the report). Takes a screenshot of one
# report's file view and of the class report.
# Usage: check_html_report.sh <fixture folder> <html_probe.js>
set -euo pipefail
folder=$1
probe=$2
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "SKIP: no Chromium at $chromium (apt-get install chromium)"; exit 77; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
browse() {  # browse <extra flags...> <url>
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d -p "$scratch")" "$@" 2>>"$scratch/chromium.log"
}

failures=0
checked=0
for report in "$folder"/*/mutation-report.html; do
  name=$(basename "$(dirname "$report")")
  cp "$report" "$scratch/$name.html"
  cp "$probe" "$scratch/probe.js"
  sed -i 's|</body>|<script src="probe.js"></script></body>|' "$scratch/$name.html"
  browse --virtual-time-budget=30000 --dump-dom "file://$scratch/$name.html" >"$scratch/$name.dom"
  sed -n '/<pre id="probe">/,/DONE/p' "$scratch/$name.dom" | sed 's/<pre id="probe">//; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' >"$scratch/$name.probe"
  expected=$( { grep '^EXPECTED ' "$scratch/$name.probe" | sed 's/^EXPECTED //' || true; } | sort)
  rendered=$( { grep '^RENDERED ' "$scratch/$name.probe" | sed 's/^RENDERED //' || true; } | sort)
  checked=$((checked + 1))
  if ! grep -q '^DONE' "$scratch/$name.probe" || grep -q '^ERROR' "$scratch/$name.probe"; then
    echo "FAIL $name: the page did not render (probe output below)"; cat "$scratch/$name.probe"
    failures=$((failures + 1)); continue
  fi
  if [ "$expected" != "$rendered" ]; then
    echo "FAIL $name: rendered mutants differ from the report"
    diff <(echo "$expected") <(echo "$rendered") || true
    failures=$((failures + 1)); continue
  fi
  case $name in
    invalid_*) ;;
    *) if [ -z "$rendered" ]; then echo "FAIL $name: no mutant rendered"; failures=$((failures + 1)); continue; fi
       if ! grep -q '^SCRIPT_TAG_SURVIVED accumulate_test.cpp' "$scratch/$name.probe"; then
         echo "FAIL $name: the test source with </script> did not reach the page intact"
         failures=$((failures + 1)); continue
       fi ;;
  esac
  echo "ok $name: $(echo "$rendered" | grep -c .) mutants rendered: $(echo "$rendered" | tr '\n' ',')"
done

check_top() {  # check_top <dom> <mutation-report.json> <png> <name> [hidden text...]
  python3 "$(dirname "$0")/check_grade_header.py" "$@"
}

if command -v python3 >/dev/null; then
  for report in "$folder"/*/mutation-report.html; do
    name=$(basename "$(dirname "$report")")
    top="$(dirname "$report")/mutation-report-top.png"
    rm -f "$top"
    browse --virtual-time-budget=3000 --window-size=1280,800 --screenshot="$top" --dump-dom \
      "file://$report" >"$scratch/$name.top.dom"
    # What a survivor's row must not say with reveal nothing (its title; a generated one's place).
    case $name in
      fail_reveal_nothing) hidden=("weighting micro-batches" "a tensor passed twice") ;;
      full_reveal_nothing) hidden=(cxx_lt_to_ge cxx_remove_call_statement clamp_count) ;;
      validity_reveal_nothing) hidden=("weighting micro-batches" "not replaying the generator"
                                       cxx_lt_to_ge "error messages worded differently") ;;
      *) hidden=() ;;
    esac
    checked=$((checked + 1))
    check_top "$scratch/$name.top.dom" "$(dirname "$report")/mutation-report.json" "$top" "$name" \
      BINARY-W01-BYTES BINARY-W02-BYTES "${hidden[@]}" || failures=$((failures + 1))
  done
else
  echo "SKIP the grade header checks: no python3"
fi

# The FAIL report's statuses, named: a survivor, a timeout and a crash-kill must each show as such.
missing=0
for line in "s07 Survived" "s12 Timeout" "s21 Killed"; do
  grep -q "^RENDERED $line\$" "$scratch/fail_reveal_title.probe" ||
    { echo "FAIL fail_reveal_title: '$line' not rendered"; missing=1; }
done
checked=$((checked + 1)); failures=$((failures + missing))

# Reach: a mutant no test runs shows as NoCoverage, not as a survivor (pitfall and generated).
missing=0
for line in "s21 NoCoverage" "g2b3c4d5e6f NoCoverage" "s07 Survived"; do
  grep -q "^RENDERED $line\$" "$scratch/validity_reveal_title.probe" ||
    { echo "FAIL validity_reveal_title: '$line' not rendered"; missing=1; }
done
checked=$((checked + 1)); failures=$((failures + missing))

# Generated mutants: the viewer draws the mutated line at the mutant's line from its replacement
# text when the policy shows it (a detected one always; a survivor with title_and_symptom), and
# never draws a survivor's replacement the policy hides (with reveal nothing the file's source is
# withheld, so no mutant there has code to draw).
missing=0
expect_mutated() {  # expect_mutated <fixture> <line of the probe output>
  grep -qxF "$2" "$scratch/$1.probe" || { echo "FAIL $1: '$2' not drawn"; grep '^MUTATED' "$scratch/$1.probe"; missing=1; }
}
expect_mutated full_reveal_symptom "MUTATED g1a2b3c4d5e 3 if (x >= limit) return x;"
expect_mutated full_reveal_symptom "MUTATED g2b3c4d5e6f 4 "  # the call statement removed
expect_mutated full_reveal_symptom "MUTATED g3c4d5e6f70 5 return limit * 0.25f;"
expect_mutated full_reveal_title "MUTATED g3c4d5e6f70 5 return limit * 0.25f;"
for name in full_reveal_title full_reveal_nothing; do
  if grep -q '^MUTATED g1a2b3c4d5e' "$scratch/$name.probe" || grep -q '^MUTATED.*>=' "$scratch/$name.probe"; then
    echo "FAIL $name: a survivor's hidden replacement was drawn"; missing=1
  fi
done
checked=$((checked + 1)); failures=$((failures + missing))

checked=$((checked + 1))
screenshot="$folder/fail_reveal_title/mutation-report.png"
rm -f "$screenshot"
browse --virtual-time-budget=10000 --window-size=1280,1400 --screenshot="$screenshot" \
  "file://$folder/fail_reveal_title/mutation-report.html#mutant/accumulate.cpp" >/dev/null
size=$(stat -c %s "$screenshot" 2>/dev/null || echo 0)
if [ "$size" -lt 20000 ]; then
  echo "FAIL: the screenshot $screenshot is missing or blank ($size bytes)"; failures=$((failures + 1))
else
  echo "screenshot: $screenshot ($size bytes)"
fi
# The class report: plain HTML and SVG, no script; it must render to a non-blank picture and its
# heat map must hold one cell per learner and column: 13 fixtures x (6 pitfalls + 1 module file
# with generated mutants).
class_page="$folder/class/class-report.html"
browse --window-size=1000,900 --screenshot="$folder/class/class-report.png" --dump-dom \
  "file://$class_page" >"$scratch/class.dom"
cells=$(grep -o 'class="cell"' "$scratch/class.dom" | wc -l)
[ "$cells" -eq 91 ] || { echo "FAIL class report: $cells heat-map cells rendered, expected 91"; failures=$((failures + 1)); }
checked=$((checked + 1))
size=$(stat -c %s "$folder/class/class-report.png" 2>/dev/null || echo 0)
[ "$size" -ge 20000 ] || { echo "FAIL: class report screenshot missing or blank ($size bytes)"; failures=$((failures + 1)); }
checked=$((checked + 1))

echo "html reports: $((checked - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
