// The signatures `check` diagnoses with: for each known mutant (the catalog's pitfalls, and the
// generated mutants a full grade counts), the course tests that fail on it with the grading seed.
// The yardstick records them at build time (variants/course-suite.json, course_suite_results.hpp);
// this reads them back, refusing a file made from another course suite or other libraries.
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
  // crashed, timed out or was not run has none: which test was running when a run ended is not a
  // set of failing tests.
  std::vector<Signature> signatures;
  std::uint64_t seed = 0;  // the grading seed they were recorded with
  // Empty, or what the report says about them: why there are none ("no signatures: ...; rebuild:
  // ninja -C BUILD tinyllm-grader"), or that they were recorded with another seed.
  std::string note;
};

// Returns the signatures of `mutants` (the grading context's: the catalog's pitfalls, then for the
// full set the counted generated mutants) from the yardstick file in `build_dir`, with the
// course suite at `source_dir`/properties. Never throws for the file: when it is missing,
// malformed or stale (another course suite, another build of the generated mutants, a pitfall's
// library rebuilt since) the result has no signatures and a note saying to rebuild, so `check`
// still checks, without a diagnosis. `seed` is the grading seed of the check: when the file was
// recorded with another one the signatures are kept and the note says so (a test whose failure
// depends on the seed may differ).
Signatures load_signatures(const std::filesystem::path& build_dir,
                           const std::filesystem::path& source_dir,
                           const std::vector<reports::MutantInfo>& mutants, std::uint64_t seed);

}  // namespace tinyllm::runner
