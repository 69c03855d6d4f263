#!/usr/bin/env bash
# Builds everything in ./build with Ninja and runs every test (unit, slow and e2e); the exit status
# and ctest's closing line are the verdict. What .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake -S . -B build -G Ninja
cmake --build build
cd build
ctest --output-on-failure --parallel "$(nproc)"
