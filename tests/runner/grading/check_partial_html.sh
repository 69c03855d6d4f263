#!/usr/bin/env bash
# The HTML page of a real FAIL grade leads with it: grades examples/partial (FAIL: four required
# pitfalls survive) with the real grader, opens mutation-report.html in headless Chromium at
# 1280x800 with a probe that writes each pitfall row's bottom edge into the DOM, and checks with
# tests/reports/check_grade_header.py that the first screen shows FAIL and a row for every
# surviving required pitfall, ending within 800 pixels. The screenshot is kept as
# partial-first-screen.png in the folder given last, for a person to look at.
# Usage: check_partial_html.sh <tinyllm-grade> <repository root> <folder for the screenshot>
set -euo pipefail
grader=$1
repository=$2
keep=$3
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "SKIP: no Chromium at $chromium (apt-get install chromium)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3 to read the screenshot"; exit 77; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

status=0
"$grader" grade "$repository/examples/partial" --output "$scratch/report" --format html json \
  --quiet || status=$?
[ "$status" -eq 1 ] || { echo "FAIL: examples/partial graded with exit status $status, not 1 (FAIL)"; exit 1; }

# The page with the probe appended: it measures the rows after layout, before the dump.
page=$scratch/probed.html
sed 's|</body>|<script>for (const row of document.querySelectorAll("#grade tr")) row.dataset.bottom = Math.round(row.getBoundingClientRect().bottom);</script></body>|' \
  "$scratch/report/mutation-report.html" >"$page"
grep -q 'dataset.bottom' "$page" || { echo "FAIL: the probe could not be added (no </body>)"; exit 1; }
mkdir -p "$keep"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --user-data-dir="$scratch/profile" --virtual-time-budget=3000 --window-size=1280,800 \
  --screenshot="$keep/partial-first-screen.png" --dump-dom "file://$page" \
  >"$scratch/dom.html" 2>"$scratch/chromium.log"
python3 "$repository/tests/reports/check_grade_header.py" --first-screen "$scratch/dom.html" \
  "$scratch/report/mutation-report.json" "$keep/partial-first-screen.png" examples/partial
for pitfall in s06 s13 s16 s22; do
  grep -q "class=\"undetected\" data-mutant=\"$pitfall\"" "$scratch/dom.html" ||
    { echo "FAIL: $pitfall (examples/partial's README says it survives) is not a surviving row"; exit 1; }
done
echo "partial html: 1 passed, 0 failed"
