#!/usr/bin/env bash
# Prints which course tests fail on the reference and on each mutant variant: the suite binary is
# linked against the reference libtinyllm_oracle.so, and LD_LIBRARY_PATH swaps in a variant's
# (every variant has the same file name, in build/variants/<id>/).
# Usage: properties/kill_matrix.sh [build-dir] [suite-binary or suite folder] [RC seed]
# A suite folder (e.g. examples/thorough) is first compiled as the grader does: every .cpp in it,
# the folder on the include path, against the reference oracle, GoogleTest and RapidCheck.
set -euo pipefail
build=${1:-build}
suite=${2:-$build/properties/course_suite}
seed=${3:-20261201}
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -d $suite ]]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  binary=$scratch/suite
  reference="$(cd "$build" && pwd)/variants/reference"
  nice "${CXX:-g++}" -std=c++20 -O2 -ffp-contract=off -Wall -Wextra -Wpedantic -I"$suite" \
    -I"$root/oracle/include" "$suite"/*.cpp -o "$binary" -L"$reference" -ltinyllm_oracle \
    -lrapidcheck -lgtest_main -lgtest -pthread -Wl,-rpath,"$reference"
  suite=$binary
fi
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
