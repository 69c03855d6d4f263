// How one run of a suite ended: `classify_run` (classify.hpp) decides the outcome, and
// `mutant_verdict` is the one place that turns it into a mutant's status and reason. A failure of
// the grader's own sandbox is not an outcome: run_sandboxed throws SandboxSetupError.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// GoogleTest's own JSON result file (--gtest_output=json:FILE): which tests ran and which failed.
struct TestOutcome {
  std::string name;  // "Suite.Test"
  std::string file;
  int line = 0;
  bool failed = false;
  std::string message;  // the failures' text, joined
};

struct GtestResult {
  std::vector<TestOutcome> tests;  // in the file's order
  long declared_tests = 0;         // the file's top-level "tests" count
};

// Returns the parsed result, or nullopt when the text is not a complete GoogleTest JSON result
// (not JSON, missing keys, or fewer test entries than it declares). gtest_result.cpp.
std::optional<GtestResult> parse_gtest_json(const std::string& text);

enum class RunOutcomeKind {
  Passed,            // exit 0, a complete result listing every expected test, none failed
  TestsFailed,       // GoogleTest's result names failing tests
  Crashed,           // ended by a signal that is not a limit's
  TimedOut,          // stopped at the run's timeout
  StoppedAtLimit,    // stopped by a resource limit (which one: `limit`)
  IncompleteResult,  // exited without GoogleTest's complete result file
  OtherTests,        // a complete result, but listing other tests than the reference run did
  FailedExit,        // every test passed, yet the exit status is not 0
};

// The limits a run can be seen to hit. Memory (RLIMIT_AS) and processes (RLIMIT_NPROC) are not
// here: they make an allocation or a fork fail inside the suite, which then crashes or fails a
// test like any other bug, and nothing tells the grader it was the limit.
enum class RunLimit {
  Output,    // printed more than limits.output_mb: the grader stopped it
  CpuTime,   // SIGXCPU: RLIMIT_CPU
  FileSize,  // SIGXFSZ: RLIMIT_FSIZE
};

struct RunOutcome {
  RunOutcomeKind kind = RunOutcomeKind::Passed;
  RunLimit limit = RunLimit::Output;  // StoppedAtLimit
  int signal = 0;                     // Crashed
  int exit_code = 0;                  // IncompleteResult, FailedExit
  double seconds = 0;                 // the run's wall time
  // Crashed, TimedOut, StoppedAtLimit, IncompleteResult: the test running when the run ended
  // (its last "[ RUN      ]" line), empty when none had started.
  std::string running_test;
  std::size_t listed_tests = 0, expected_tests = 0;  // OtherTests: the two counts
  std::vector<std::string> failing_tests;            // TestsFailed: sorted
  std::vector<TestOutcome> failures;                 // TestsFailed: their entries and messages
  std::optional<GtestResult> result;                 // GoogleTest's result, when complete
};

// What a report says about a mutant whose run had this outcome.
struct MutantVerdict {
  reports::MutantStatus status = reports::MutantStatus::Survived;
  std::string reason;                   // "1 test failed: A.t", "crashed with SIGSEGV during A.t"
  std::vector<std::string> killed_by;   // the failing tests, or the test running when it ended
  bool killed_by_failed_tests = false;  // killed_by lists failing tests (not a running one)
};

// `limits` give the reason its figures ("used more than 300 s of CPU time").
MutantVerdict mutant_verdict(const RunOutcome& outcome, const ResourceLimits& limits);

// Returns how the outcome reads in a report: "every test passed", "timed out after 6.2 s", ...
std::string describe_outcome(const RunOutcome& outcome, const ResourceLimits& limits);

std::string signal_name(int signal);

}  // namespace tinyllm::runner
