#!/usr/bin/env bash
# Makes a class of learner suites of varying quality from the bundled examples, for trying a class
# batch (bench/class/run.sh, the Slurm test in tests/runner/slurm/).
# Each learner's suite takes, for each of the four topics of the examples (accumulation,
# precision, recomputation, scaling), the thorough example's file, the partial example's file, or
# neither (a base-3 digit of the learner's number), so the grades range from a FAIL that detects
# few mutants to a PASS.
# Usage: examples/make-class.sh FOLDER [LEARNERS]   (FOLDER/learner-00, learner-01, ...; default 30,
# at most 80)
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: examples/make-class.sh FOLDER [LEARNERS]" >&2
  exit 2
fi
folder=$1
learners=${2:-30}
examples="$(cd "$(dirname "$0")" && pwd)"
topics=(accumulate precision recompute scaler)

made=0
for ((code = 1; made < learners && code < 81; code++)); do
  dir="$folder/learner-$(printf '%02d' "$made")"
  mkdir -p "$dir"
  n=$code
  for topic in "${topics[@]}"; do
    case $((n % 3)) in
      1) cp "$examples/thorough/${topic}_test.cpp" "$dir/" ;;
      2) cp "$examples/partial/${topic}_test.cpp" "$dir/" ;;
    esac
    n=$((n / 3))
  done
  cp "$examples/thorough/helpers.hpp" "$dir/"
  made=$((made + 1))
done
echo "$made"
