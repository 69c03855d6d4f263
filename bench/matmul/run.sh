#!/usr/bin/env bash
# The matmul benchmark: builds bench_matmul in BUILD_DIR and runs it with OpenBLAS on one thread
# (OPENBLAS_NUM_THREADS=1, read when the library loads, so it starts no thread pool; the program
# also calls openblas_set_num_threads(1)). Prints Google Benchmark's table (medians of REPETITIONS
# runs each), then the summary: per shape, GFLOP/s of the naive loop, the oracle and OpenBLAS, and
# the oracle's ratios to both (goal: at least 0.3x OpenBLAS).
# Usage: bench/matmul/run.sh [BUILD_DIR] [REPETITIONS]   (defaults: build, 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:-build}"
repetitions="${2:-3}"
cmake --build "$build" --target bench_matmul -j2
OPENBLAS_NUM_THREADS=1 "$build/bench/matmul/bench_matmul" \
  --benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true
