// The yardstick file, <build>/variants/course-suite.json: the course suite's result on each built
// generated mutant and on each pitfall, written by `tinyllm-grade yardstick` at build time, with
// what it was made from, so a stale one is refused (docs/mutants.md: the yardstick).
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// The course suite's result on one generated mutant.
struct CourseSuiteResult {
  reports::MutantStatus status = reports::MutantStatus::Survived;
  std::string reason;
  std::vector<std::string> killed_by;
  // killed_by lists the tests that failed (not the test running when the run crashed or was
  // stopped): only then is it a signature a learner's failing tests can be matched against.
  bool killed_by_failed_tests = false;
};

struct CourseSuiteRecord {
  std::string id;
  std::string library_hash;  // content hash of the mutant's library when it was run
  CourseSuiteResult result;
};

struct CourseSuiteResults {
  std::string manifest_hash;  // content hash of variants/generated.json
  std::string suite_hash;     // the course suite's sources, toolchain, policy and reference
  // The content hash of the course suite's folder alone (properties/), so `check` can tell a stale
  // file without the grading fingerprint (which hashes every variant library).
  std::string course_suite_hash;
  std::uint64_t seed = 0;
  std::vector<CourseSuiteRecord> mutants;   // the generated mutants, the manifest's order
  std::vector<CourseSuiteRecord> pitfalls;  // the catalog's pitfalls, catalog order
};

std::filesystem::path course_suite_results_path(const std::filesystem::path& build_dir);

// Returns the file's contents, or nothing when it is absent. Throws UsageError when it is not a
// file the build wrote, saying to rebuild.
std::optional<CourseSuiteResults> read_course_suite_results(const std::filesystem::path& build_dir);

// Writes the file (beside, then renamed: an interrupted build never leaves half a file). Throws
// std::runtime_error when it cannot be written.
void write_course_suite_results(const std::filesystem::path& build_dir,
                                const CourseSuiteResults& results);

}  // namespace tinyllm::runner
