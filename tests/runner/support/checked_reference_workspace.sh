#!/usr/bin/env bash
# The CTest fixture `checked_reference_workspace`: a workspace of the reference's module
# (`start --from-reference --no-example-test`) in FOLDER, checked once, so that its .tinyllm/
# holds the built module, the compiled course suite and the differential shim. The end-to-end
# tests copy it (e2e_support.hpp, copy_of_checked_reference) and change what they test: a check
# of a copy compiles only the files that differ.
# Usage: checked_reference_workspace.sh TINYLLM_GRADE FOLDER
set -euo pipefail
grader=$1
folder=$2
rm -rf "$folder"
"$grader" start "$folder/ws" --from-reference --no-example-test
# The module passes; with no tests yet the verdict is not PASS (exit 1). Anything else failed.
status=0
"$grader" check "$folder/ws" --quiet --output "$folder/report" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  echo "check of the reference's workspace failed (exit $status)" >&2
  exit 1
fi
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["module"]["verdict"] != "PASS")' \
  "$folder/report/check.json" || {
  echo "the reference's module did not pass check: see $folder/report/check.json" >&2
  exit 1
}
