// What the course suite's runs on a learner's module say about each course test: passed with every
// seed, or failed with these seeds and this message; and which runs ended abnormally. A run that
// crashed, timed out or was stopped names the test it was running; every test it did not see
// finish counts as failed for that seed, and its message says so.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "grading/run_outcome.hpp"
#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

// One run of the whole course suite with one seed.
struct CourseSeedRun {
  std::uint64_t seed = 0;
  RunOutcome outcome;  // classify_run's, with the listed tests as expected
  std::string output;  // what the run printed (the sandbox's start and end of it)
};

struct CourseOutcomes {
  std::vector<reports::CourseTestOutcome> tests;  // in `listed` order
  std::vector<reports::RunProblem> problems;      // in `runs` order
};

// Returns each listed test's outcome over `runs` (grading seed first) and the runs that ended
// abnormally. `reproduce(seed, test)` is the command that reruns one test with one seed.
CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce);

// Returns the tests that failed with `seed`, sorted (the diagnosis takes the grading seed's).
std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed);

}  // namespace tinyllm::runner
