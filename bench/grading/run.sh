#!/usr/bin/env bash
# The grading benchmark: grades a suite (default examples/thorough) with tinyllm-grade on 2 jobs
# and compares its wall time with
#   - the lower bound: compiling the suite once + the sum of the plain runs the grade must make
#     (reference with three seeds, every wheat, the reach probe, every mutant a test reaches; no
#     sandbox) / 2 cores; goal: wall / lower bound <= 1.2;
#   - the naive way with build flags alone: for each variant, reconfigure the oracle with
#     -DTINYLLM_VARIANT=sNN, rebuild it, rebuild the suite against it and run it. That takes long,
#     so it is measured on NAIVE_VARIANTS variants (default 3) and extrapolated to the reference and
#     variants (printed as such); goal: speed-up >= 10x;
#   - the same-run baseline: compiling the suite's files with c++ -O1, two at a time, without
#     the precompiled header, and linking; goal: the full grade takes no longer.
# It grades the full set (pitfalls + counted generated mutants, the default) and, in the same run,
# the pitfalls alone, and checks that grading a second suite rebuilds no variant library.
# Usage: bench/grading/run.sh [SUITE] [BUILD_DIR]   (BUILD_DIR holds a built tinyllm-grade)
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
suite="${1:-examples/thorough}"
build="$(realpath "${2:-build}")"
naive_variants="${NAIVE_VARIANTS:-3}"
cores=2
grader="$build/runner/tinyllm-grade"
work="$(mktemp -d /tmp/tinyllm-bench-grading.XXXXXX)"
trap 'rm -rf "$work"' EXIT
if [ ! -d "$suite" ]; then
  echo "bench: $suite does not exist; grading tests/runner/suites/kills_some instead" >&2
  suite=tests/runner/suites/kills_some
fi
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

echo "== grading $suite with tinyllm-grade on $cores jobs"
libs_before="$(stat -c '%n %Y' "$build"/variants/*/libtinyllm_oracle.so | md5sum)"
start=$(now)
set +e
"$grader" grade "$suite" --jobs "$cores" --quiet --output "$work/grade" --timings "$work/timings.json" >"$work/grade.txt"
status=$?
set -e
wall=$(elapsed "$start" "$(now)")
tail -3 "$work/grade.txt"
echo "grader exit status $status, wall ${wall} s"
compile=$(python3 -c "import json; print(round(json.load(open('$work/timings.json'))['compile_seconds'], 2))")
# The mutants the grade ran (a NoCoverage mutant's time is 0: the reach probe spared its run).
mapfile -t mutant_ids < <(python3 -c "import json; print('\\n'.join(k for k, v in json.load(open('$work/timings.json'))['mutant_seconds'].items() if v > 0))")
mapfile -t wheat_ids < <(sed -n 's/^id = "\(w[0-9]*\)"$/\1/p' mutants/catalog.toml)
graded=$(python3 -c "import json; print(len(json.load(open('$work/timings.json'))['mutant_seconds']))")
echo "$graded mutants graded, ${#mutant_ids[@]} run (the others no test reaches), ${#wheat_ids[@]} wheats"

echo "== the same-run baseline: the suite's files compiled with c++ -O1, two at a time, no precompiled header, linked"
flags=(-std=c++20 -O1 -ffp-contract=off -fno-fast-math -pthread)
# The learner's include path, as runner/src/suite_build/compile.cpp's learner_include_dirs gives it.
includes=(-I"$root/oracle/include" -I"$root/properties")
mapfile -t sources < <(find "$suite" \( -name '*.cpp' -o -name '*.cc' -o -name '*.cxx' \) | sort)
plain="$work/plain-compile"
mkdir -p "$plain"
start=$(now)
printf '%s\n' "${sources[@]}" | xargs -P "$cores" -I{} sh -c \
  'c++ "$@" -c "{}" -o "'"$plain"'/$(echo "{}" | tr / _).o"' sh "${flags[@]}" "${includes[@]}"
c++ "$plain"/*.o -o "$plain/suite" -L"$build/variants/reference" -ltinyllm_oracle -lrapidcheck -lgtest_main -lgtest -pthread
plain_compile=$(elapsed "$start" "$(now)")
echo "c++ -O1 of ${#sources[@]} files, $cores at a time, and the link: ${plain_compile} s;" \
  "full grade / that = $(awk -v a="$wall" -v b="$plain_compile" 'BEGIN { printf "%.2f", a / b }') (goal <= 1.0)"

echo "== the same suite, the pitfalls alone (--mutants pitfalls)"
start=$(now)
"$grader" grade "$suite" --jobs "$cores" --quiet --mutants pitfalls --output "$work/pitfalls" \
  --timings "$work/pitfalls.json" >"$work/pitfalls.txt" || true
wall_pitfalls=$(elapsed "$start" "$(now)")
tail -2 "$work/pitfalls.txt"
echo "pitfalls only: wall ${wall_pitfalls} s; full grade / pitfalls only = $(awk -v a="$wall" -v b="$wall_pitfalls" 'BEGIN { printf "%.2f", a / b }')"

echo "== plain runs of the compiled suite (no sandbox), for the lower bound"
exe="$work/grade/suite-build/suite"
runs=0
# A mutant of the schema library runs on it with its token (mutants/schema/token.hpp), as the
# grade runs it; the others (the reference, the binary wheats) on their own libraries.
declare -A schema_token
key=2a2a2a2a2a2a2a2a
if [ -f "$build/variants/schema.json" ]; then
  while read -r id token; do schema_token[$id]=$token; done < <(python3 - "$build/variants/schema.json" "$key" <<'PY'
import json, sys
M = (1 << 64) - 1
def mix(x):
    x = ((x ^ (x >> 30)) * 0xbf58476d1ce4e5b9) & M
    x = ((x ^ (x >> 27)) * 0x94d049bb133111eb) & M
    return x ^ (x >> 31)
key = int(sys.argv[2], 16)
for mutant, number in json.load(open(sys.argv[1]))["mutants"].items():
    print(mutant, "%016x" % mix(key ^ mix((number + 0x9e3779b97f4a7c15) & M)))
PY
  )
fi
run_plain() {  # variant seed shrink
  local s=$(now) library="$build/variants/$1" switch=()
  if [ -n "${schema_token[$1]:-}" ]; then
    library="$build/variants/schema"
    switch=(TINYLLM_MUTANT_KEY="$key" TINYLLM_MUTANT_TOKEN="${schema_token[$1]}")
  fi
  # In a subshell, so a mutant's crash is not reported by this shell.
  (env "${switch[@]}" RC_PARAMS="seed=$2${3:+ noshrink=1}" LD_LIBRARY_PATH="$library" "$exe" \
    >/dev/null 2>&1) 2>/dev/null || true
  runs=$(awk -v r="$runs" -v d="$(elapsed "$s" "$(now)")" 'BEGIN { print r + d }')
  plain_runs=$((plain_runs + 1))
}
plain_runs=0
# What the grade must run: the reference with three seeds, every wheat, the reach run (a run of
# the reference), the mutants.
for seed in 20261201 1 2; do run_plain reference "$seed"; done
for id in "${wheat_ids[@]}"; do run_plain "$id" 20261201; done
run_plain reference 20261201 1
for id in "${mutant_ids[@]}"; do run_plain "$id" 20261201 1; done
lower=$(awk -v c="$compile" -v r="$runs" -v k="$cores" 'BEGIN { printf "%.2f", c + r / k }')
ratio=$(awk -v w="$wall" -v l="$lower" 'BEGIN { printf "%.2f", w / l }')
echo "compile once ${compile} s, sum of ${plain_runs} plain runs ${runs} s"
echo "lower bound = compile + runs / $cores = ${lower} s; wall / lower bound = ${ratio} (goal <= 1.2)"

echo "== a second suite must not rebuild any variant"
"$grader" grade tests/runner/suites/kills_some --jobs "$cores" --quiet --output "$work/second" >/dev/null || true
libs_after="$(stat -c '%n %Y' "$build"/variants/*/libtinyllm_oracle.so | md5sum)"
if [ "$libs_before" = "$libs_after" ]; then echo "variant libraries untouched: yes"; else
  echo "variant libraries untouched: NO"; exit 1; fi

echo "== the naive way: reconfigure + rebuild the oracle per variant, rebuild the suite, run"
naive="$work/naive-build"
start=$(now)
cmake -S "$root" -B "$naive" -G Ninja -DTINYLLM_VARIANT=reference -DTINYLLM_BUILD_VARIANTS=OFF \
  -DTINYLLM_BUILD_TESTS=OFF -DTINYLLM_BUILD_BENCH=OFF -DTINYLLM_BUILD_RUNNER=OFF >/dev/null
ninja -C "$naive" -j "$cores" oracle >/dev/null
first=$(elapsed "$start" "$(now)")
echo "first full build of the oracle (not counted below): ${first} s"
start=$(now)
for n in $(seq -f "%02g" 1 "$naive_variants"); do
  cmake -S "$root" -B "$naive" -DTINYLLM_VARIANT="s$n" >/dev/null
  ninja -C "$naive" -j "$cores" oracle >/dev/null
  objects=()
  for s in "${sources[@]}"; do
    o="$naive/$(basename "$s").o"
    g++ "${flags[@]}" "${includes[@]}" -c "$s" -o "$o" &
    objects+=("$o")
  done
  wait
  g++ "${objects[@]}" -o "$naive/suite" -L"$naive/variants/s$n" -ltinyllm_oracle -lrapidcheck \
    -lgtest_main -lgtest -pthread
  RC_PARAMS="seed=20261201 noshrink=1" LD_LIBRARY_PATH="$naive/variants/s$n" "$naive/suite" \
    >/dev/null 2>&1 || true
done
measured=$(elapsed "$start" "$(now)")
per_variant=$(awk -v m="$measured" -v n="$naive_variants" 'BEGIN { printf "%.2f", m / n }')
naive_pitfalls=$(grep -c '^\[\[mutant\]\]$' mutants/catalog.toml)
naive_total=$(awk -v p="$per_variant" -v n="$((1 + naive_pitfalls))" 'BEGIN { printf "%.1f", p * n }')
wall=$wall_pitfalls  # the naive way builds pitfall variants: compare with the pitfalls-only grade
speedup=$(awk -v n="$naive_total" -v w="$wall" 'BEGIN { printf "%.1f", n / w }')
echo "naive: ${measured} s for $naive_variants variants = ${per_variant} s each;"
echo "  extrapolated to the reference + ${naive_pitfalls} pitfall variants: ${naive_total} s (one run each, no extra seeds)"
echo "speed-up of tinyllm-grade over the naive way: ${speedup}x (goal >= 10x)"
