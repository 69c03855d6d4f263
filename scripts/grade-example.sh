#!/usr/bin/env bash
# The main job, on a fresh Debian 12 machine: install what is missing, configure ./build and build
# only what grading needs (target tinyllm-grader: the grader, the oracle, its 24 pitfall variants,
# the schema library that holds every mutant and the course suite's results on them; no tests, no
# benchmarks), then grade the bundled example suite examples/thorough and print the report. Exits
# with the grade's status:
# 0 PASS, 1 FAIL, 2 INVALID, 3 usage or configuration error.
# Extra arguments go to `tinyllm-grade grade` (e.g. --jobs 2, --config FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
jobs="$(nproc)"
echo "grade-example: configuring ./build and building the grader with $jobs jobs" >&2
cmake -S . -B build -G Ninja >/dev/null
# The target, not the options: turning tests off here would stick in ./build's cache and leave
# scripts/test.sh with no tests to run.
ninja -C build -j "$jobs" tinyllm-grader
exec ./build/runner/tinyllm-grade grade examples/thorough --output build/grade-report "$@"
