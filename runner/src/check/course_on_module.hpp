// The course suite (properties/) on a learner's module: compiled against the learner's module
// headers and the oracle's foundation headers (never oracle/include, whose train/ headers are the
// reference's, private members included), linked against the learner's libtinyllm_oracle.so, and
// run in the grader's sandbox with the grading seed and each reference seed.
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
  // Resolved: seed and reference_seeds (the runs), jobs (runs and compilers at a time), limits
  // and reference_timeout_seconds (each run's).
  Config config;
  // The grader's (compiler, flags, link libraries). Its include folders, library folder and
  // precompiled header are replaced: see course_suite_toolchain.
  Toolchain toolchain;
  Isolation isolation = Isolation::Plain;  // resolved
  std::filesystem::path source_dir, build_dir;
  std::filesystem::path workspace_include_dir;  // DIR/include: the learner's module headers
  std::filesystem::path module_library;         // the learner's libtinyllm_oracle.so
  // KEY=VALUE added to the runs on the module: a variant's token, for a variant of the schema
  // library run as the learner's module.
  std::vector<std::string> environment;
  // Where the compiled suite stays between checks (DIR/.tinyllm/course-suite) and where the runs'
  // private folders are made.
  std::filesystem::path work_dir;
  RunNotices notices;  // what runs now, and each test that ends a run
};

struct CourseOnModule {
  bool compiled = false;
  bool reused_build = false;  // nothing it depends on changed since the last check's compile
  std::string compile_log;    // the compiler's and linker's own messages, when it did not compile
  std::vector<std::uint64_t> seeds;               // grading seed first, then the reference seeds
  std::vector<reports::CourseTestOutcome> tests;  // in the order the suite lists them
  // Runs that crashed, timed out, hit a limit or exited badly, and a listing that failed (then
  // `tests` is empty: the suite could not say which tests it has).
  std::vector<reports::RunProblem> problems;
};

// Returns the toolchain the course suite is compiled with on a learner's module: `grader`'s
// compiler, flags and libraries; include folders [workspace_include_dir,
// <build>/foundation/include, <source>/properties]; the module library's folder to link against;
// no precompiled header (the build's was made with oracle/include).
Toolchain course_suite_toolchain(const CourseOnModuleRequest& request);

// Compiles the course suite (skipped when the workspace headers, the foundation headers, the
// course suite and the toolchain hash to what the last successful compile in work_dir had), times
// the reference's module on it, lists its tests, then runs it on the module with every seed,
// `config.jobs` runs at a time, each resumed past every test that ends it (course_outcomes below)
// and given the reference's time times timeout.factor plus timeout.constant_seconds. Throws
// SandboxSetupError or std::runtime_error (a grader or machine problem) as run_sandboxed does;
// everything the learner's module does is in the result.
CourseOnModule run_course_suite_on_module(const CourseOnModuleRequest& request);

// What the course suite's runs on a learner's module say about each course test
// (course_outcomes.cpp): passed with every seed, or failed with these seeds and this message; and
// which runs ended abnormally with no test to blame. Each seed's run is resumed past every test
// that crashes, times out or hits a limit (resumed_run.hpp), so such a test fails alone, with how
// its run ended, and the tests after it keep verdicts of their own.
//
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
