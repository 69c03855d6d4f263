// What the course suite's runs on a learner's module say about each course test: passed with every
// seed, or failed with these seeds and this message; and which runs ended abnormally with no test
// to blame. Each seed's run is resumed past every test that crashes, times out or hits a limit
// (resumed_run.hpp), so such a test fails alone, with how its run ended, and the tests after it
// keep verdicts of their own.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "grading/resumed_run.hpp"
#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

// The whole course suite with one seed, resumed past every test that ended a run.
struct CourseSeedRun {
  std::uint64_t seed = 0;
  ResumedRun run;
};

struct CourseOutcomes {
  std::vector<reports::CourseTestOutcome> tests;  // in `listed` order
  std::vector<reports::RunProblem> problems;      // in `runs` order
};

// Returns each listed test's outcome over `runs` (grading seed first) and the runs that ended
// abnormally with no test to blame. `timeout` is each run's (the reference's module on the whole
// suite). `reproduce(seed, test)` is the command that reruns one test with one seed.
CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits, const ScaledTimeout& timeout,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce);

// Returns the tests that failed with `seed` by a failed assertion, sorted (the diagnosis takes the
// grading seed's): not those during which a run crashed or hung, which no signature records.
std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed);

}  // namespace tinyllm::runner
