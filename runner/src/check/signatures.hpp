// The signatures `check` diagnoses with: for each known mutant, the course tests that fail on it
// with the grading seed, as the yardstick recorded them at build time (course_suite_results.hpp).
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct Signature {
  reports::MutantInfo mutant;
  std::vector<std::string> failing_tests;  // sorted, never empty
};

struct Signatures {
  // The pitfalls in the order `mutants` gave them, then the generated mutants. A mutant whose run
  // crashed or timed out has none: the test running then is not a set of failing tests.
  std::vector<Signature> signatures;
  std::uint64_t seed = 0;  // the grading seed they were recorded with
  // Why there are none, or that they were recorded with another seed; else empty.
  std::string note;
};

// Returns the signatures of `mutants` from the yardstick file in `build_dir`. Never throws for the
// file: when it is missing, malformed or stale (another course suite, another build of the
// generated mutants, a pitfall's library rebuilt since) there are none and the note says to
// rebuild, so `check` still checks. Recorded with another grading seed than `seed`: kept, and the
// note says so.
Signatures load_signatures(const std::filesystem::path& build_dir,
                           const std::filesystem::path& source_dir,
                           const std::vector<reports::MutantInfo>& mutants, std::uint64_t seed);

}  // namespace tinyllm::runner
