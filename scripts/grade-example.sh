#!/usr/bin/env bash
# The main job, on a fresh Debian 12 machine: install what is missing, configure and build
# everything in ./build (the oracle, its 24 variants and the grader), then grade the bundled
# example suite examples/thorough and print the report. Exits with the grade's status:
# 0 PASS, 1 FAIL, 2 INVALID, 3 usage or configuration error.
# Extra arguments go to `tinyllm-grade grade` (e.g. --jobs 2, --config FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
jobs="$(nproc)"
echo "grade-example: configuring and building in ./build with $jobs jobs" >&2
cmake -S . -B build -G Ninja >/dev/null
ninja -C build -j "$jobs"
exec ./build/runner/tinyllm-grade grade examples/thorough --output build/grade-report "$@"
