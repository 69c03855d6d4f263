// Turns how one run ended into a mutant status, its reason and the tests that killed it.
#pragma once
#include <string>
#include <vector>

#include "gtest_result.hpp"
#include "sandbox.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct RunVerdict {
  reports::MutantStatus status = reports::MutantStatus::Survived;  // Survived: the run passed
  std::string reason;
  std::vector<std::string> failing_tests;  // sorted; a crash names the test it was running
  std::vector<TestOutcome> failures;       // the failed tests' entries, with their messages
  std::optional<GtestResult> result;       // GoogleTest's result, when complete
};

// Returns the verdict of a run. `expected_tests` (the reference's list, sorted) makes a result
// file that lists other tests incomplete; empty means any complete file will do.
RunVerdict classify_run(const RunOutcome& run, const std::vector<std::string>& expected_tests,
                        const ResourceLimits& limits);

// Returns "SIGSEGV" for 11, and so on.
std::string signal_name(int signal);

}  // namespace tinyllm::runner
