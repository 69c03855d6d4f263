// The course suite (properties/) on a learner's module: compiled against the learner's headers and
// the foundation's (never oracle/include, whose train/ headers hold the reference's private
// members), linked against the learner's library, run in the sandbox with every seed.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "check/waiting_notice.hpp"
#include "config/config.hpp"
#include "grading/resumed_run.hpp"
#include "suite_build/compile.hpp"
#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

struct CourseOnModuleRequest {
  Config config;        // resolved: the seeds, jobs, limits, timeouts
  Toolchain toolchain;  // the grader's; course_suite_toolchain replaces its folders
  Isolation isolation = Isolation::Plain;  // resolved
  std::filesystem::path source_dir, build_dir;
  std::filesystem::path workspace_include_dir;  // DIR/include: the learner's module headers
  std::filesystem::path module_library;         // the learner's libtinyllm_oracle.so
  std::vector<std::string> environment;  // KEY=VALUE: a schema variant's token, run as the module
  std::filesystem::path work_dir;        // the compiled suite stays here between checks
  RunNotices notices;                    // what runs now, and each test that ends a run
};

struct CourseOnModule {
  bool compiled = false;
  bool reused_build = false;  // nothing it depends on changed since the last check's compile
  std::string compile_log;    // the compiler's and linker's own messages, when it did not compile
  std::vector<std::uint64_t> seeds;               // grading seed first, then the reference seeds
  std::vector<reports::CourseTestOutcome> tests;  // in the order the suite lists them
  // Runs that ended abnormally, and a listing that failed (then `tests` is empty).
  std::vector<reports::RunProblem> problems;
};

// Returns the grader's toolchain with the workspace's include/, the foundation's headers and
// properties/ as include folders, the module library's folder to link against, and no precompiled
// header (the build's was made with oracle/include).
Toolchain course_suite_toolchain(const CourseOnModuleRequest& request);

// Compiles the course suite (unless what it depends on hashes as at the last compile), times the
// reference's module on it, lists its tests, then runs it on the module with every seed, each run
// resumed past every test that ends it and given the reference's time times timeout.factor plus
// timeout.constant_seconds. Throws as run_sandboxed does (a grader or machine problem); everything
// the learner's module does is in the result.
CourseOnModule run_course_suite_on_module(const CourseOnModuleRequest& request);

// The whole course suite with one seed, resumed past every test that ended a run.
struct CourseSeedRun {
  std::uint64_t seed = 0;
  ResumedRun run;
};

struct CourseOutcomes {
  std::vector<reports::CourseTestOutcome> tests;  // in `listed` order
  std::vector<reports::RunProblem> problems;      // in `runs` order
};

// Returns each listed test's outcome over `runs` (grading seed first: passed with every seed, or
// failed with these seeds and this message) and the runs that ended abnormally with no test to
// blame (course_outcomes.cpp). A test that ends a run fails alone, with how its run ended; the
// tests after it keep their own verdicts. `timeout` is each run's (the reference's module on the
// whole suite). `reproduce(seed, test)` is the command that reruns one test with one seed.
CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits, const ScaledTimeout& timeout,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce);

// Returns the tests that failed with `seed` by a failed assertion, sorted (the diagnosis takes the
// grading seed's): not those during which a run crashed or hung, which no signature records.
std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed);

}  // namespace tinyllm::runner
