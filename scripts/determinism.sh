#!/usr/bin/env bash
# The determinism digests (tests/determinism/digest.cpp: fixed training runs of an MLP and of a
# tiny Llama, their final weights hashed) from the oracle built with g++ and clang++ at -O0 and
# -O2; fails unless all four are identical. Three of the four oracles are already in the main
# build (BUILD_DIR, default ./build, built by scripts/test.sh): the reference (g++ -O2) and the
# binary wheats variants/O0 (g++ -O0) and variants/other-compiler (clang++ -O2, configured with
# -DTINYLLM_VARIANT=reference while the others leave it unset, so the check also shows that the flag
# machinery leaves the reference as is); the main build's digest tool runs on each. The fourth,
# clang++ -O0, is built here in build-det-clang-O0, the oracle and its own digest tool.
# Usage: scripts/determinism.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
digest_tool="$build/tests/determinism/tinyllm_digest"
for needed in "$digest_tool" "$build/variants/O0/libtinyllm_oracle.so" \
  "$build/variants/other-compiler/libtinyllm_oracle.so"; do
  if [ ! -e "$needed" ]; then
    echo "determinism: $needed is missing: build the main build first (scripts/test.sh)" >&2
    exit 2
  fi
done

recorded="$(sed -n 's/^set(TINYLLM_RECORDED_DIGEST "\([0-9a-f]*\)")$/\1/p' tests/determinism/CMakeLists.txt) $(sed -n 's/^set(TINYLLM_RECORDED_LLAMA_DIGEST "\([0-9a-f]*\)")$/\1/p' tests/determinism/CMakeLists.txt)"
declare -A digests

# Records the digests `name` prints when run as "$@".
digest_of() {
  local name=$1
  shift
  local output
  output=$("$@")
  digests[$name]="$(awk '/^digest/ {print $2}' <<<"$output") $(awk '/^llama digest/ {print $3}' <<<"$output")"
  echo "determinism: ${name}: ${digests[$name]} ($(head -n1 <<<"$output"))"
}

# The main build's digest tool on a library of the main build, checked to be the one loaded.
on_library() {
  local name=$1 folder
  folder=$(realpath "$build/variants/$2")
  # ldd's whole output first: `grep -q` in a pipe would close it early and, under pipefail, the
  # writer's SIGPIPE would fail the check at random.
  local loaded
  loaded=$(LD_LIBRARY_PATH="$folder" ldd "$digest_tool")
  if ! grep -qF "$folder/libtinyllm_oracle.so" <<<"$loaded"; then
    echo "determinism: the digest tool does not load $folder/libtinyllm_oracle.so" >&2
    exit 1
  fi
  digest_of "$name" env LD_LIBRARY_PATH="$folder" "$digest_tool"
}
on_library gcc-O2 reference
on_library gcc-O0 O0
on_library clang-O2 other-compiler

dir=build-det-clang-O0
echo "determinism: building the oracle and the digest tool with clang++ -O0 in ${dir}" >&2
cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DTINYLLM_BUILD_VARIANTS=OFF -DTINYLLM_BUILD_RUNNER=OFF \
  -DTINYLLM_BUILD_BENCH=OFF >/dev/null
cmake --build "$dir" --target tinyllm_digest >/dev/null
digest_of clang-O0 "$dir/tests/determinism/tinyllm_digest"

distinct=$(printf '%s\n' "${digests[@]}" | sort -u | wc -l)
if [ "$distinct" -ne 1 ]; then
  echo "determinism: FAILED: the four builds disagree (see above); some code depends on the" \
       "compiler or optimisation level (fused multiply-add, an unordered reduction, a libm call" \
       "that differs, or undefined behaviour)" >&2
  exit 1
fi
echo "determinism: all four builds give ${digests[gcc-O0]} (recorded in tests/determinism: ${recorded})"
