#!/usr/bin/env bash
# Builds everything in ./build with Ninja and runs every test (unit, slow and e2e); the exit status
# and ctest's closing line are the verdict. What .ci/run calls. As root, the tests labelled
# `hostile` run once, as a normal user (scripts/hostile-as-user.sh), the harder case.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake -S . -B build -G Ninja
cmake --build build
status=0
if [ "$(id -u)" -eq 0 ]; then
  (cd build && ctest --output-on-failure --parallel "$(nproc)" -LE hostile) || status=1
  ./scripts/hostile-as-user.sh || status=1
else
  (cd build && ctest --output-on-failure --parallel "$(nproc)") || status=1
fi
exit "$status"
