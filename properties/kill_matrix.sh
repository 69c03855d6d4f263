#!/usr/bin/env bash
# Prints which course tests fail on the reference and on each mutant variant: the suite binary is
# linked against the reference libtinyllm_oracle.so, and LD_LIBRARY_PATH swaps in a variant's
# (every variant has the same file name, in build/variants/<id>/).
# Usage: properties/kill_matrix.sh [build-dir] [suite-binary] [RC seed]
set -euo pipefail
build=${1:-build}
suite=${2:-$build/properties/course_suite}
seed=${3:-20261201}
status=0
for variant in reference s{01..24}; do
  lib="$build/variants/$variant"
  if [[ ! -f "$lib/libtinyllm_oracle.so" ]]; then
    echo "$variant: no $lib/libtinyllm_oracle.so (configure without -DTINYLLM_BUILD_VARIANTS=OFF)" >&2
    exit 3
  fi
  out=$(LD_LIBRARY_PATH="$lib" RC_PARAMS="seed=$seed" timeout 120 "$suite" --gtest_brief=1 2>&1) || true
  failed=$(grep -E '^\[  FAILED  \] [A-Za-z_]+\.[A-Za-z_0-9]+' <<<"$out" | sed -E 's/^\[  FAILED  \] ([^ ,]+).*/\1/' | sort -u | tr '\n' ' ' || true)
  if grep -qE '^\[  PASSED  \]|^\[  FAILED  \]' <<<"$out"; then :; else failed="CRASHED/TIMEOUT $failed"; fi
  printf '%-9s %s\n' "$variant" "${failed:-(none)}"
  if [[ $variant == reference && -n $failed ]]; then status=1; fi
  if [[ $variant != reference && -z $failed ]]; then status=1; fi
done
exit $status
