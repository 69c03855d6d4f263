// The tokens that select a mutant of the schema library (docs/mutants.md). A grade draws a random
// key; the run of mutant number K carries token(key, K), the reference's and the wheats' runs a
// decoy drawn the same way from a number no mutant has. Without the key a token says nothing,
// and the key and the token are gone from the environment before a suite's code runs.
// Header-only: the grader (runner/) and the library's runtime (runtime.cpp) share it.
#pragma once
#include <cstdint>

namespace tinyllm_schema {

// The numbers of the library's variants: pitfall sN is N, semantic wheat wN is kFirstWheat + N,
// the generated mutants follow from kFirstGenerated in the generator's order. kRecordReach is no
// variant: its token makes the run the reference's, recording which variants' code each test runs.
inline constexpr int kFirstWheat = 500;
inline constexpr int kRecordReach = 999;
inline constexpr int kFirstGenerated = 1000;

// The environment variables a run carries them in (hex), read and erased by the library.
inline constexpr const char* kKeyVariable = "TINYLLM_MUTANT_KEY";
inline constexpr const char* kTokenVariable = "TINYLLM_MUTANT_TOKEN";
// The file kRecordReach's run appends "<number>\t<test>" lines to, one per switch and test.
inline constexpr const char* kReachFileVariable = "TINYLLM_PROBE_FILE";

// SplitMix64's finalizer: a bijection of 64-bit values that mixes every bit.
constexpr std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr std::uint64_t token(std::uint64_t key, std::uint64_t number) {
  return mix(key ^ mix(number + 0x9e3779b97f4a7c15ULL));
}

}  // namespace tinyllm_schema
