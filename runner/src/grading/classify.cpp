// A run passes only when it exits 0 with GoogleTest's complete result file listing every expected
// test and no failure; anything else detects the mutant, and the outcome says what happened.
#include "grading/classify.hpp"

#include <signal.h>

#include <algorithm>

namespace tinyllm::runner {

RunOutcome classify_run(const SandboxRun& run, const std::vector<std::string>& expected_tests) {
  RunOutcome o;
  o.seconds = run.seconds;
  auto ended_early = [&](RunOutcomeKind kind) {
    o.kind = kind;
    o.running_test = run.last_started_test;
    return o;
  };
  switch (run.ending) {
    case RunEnding::TimedOut:
      return ended_early(RunOutcomeKind::TimedOut);
    case RunEnding::OutputLimit:
      o.limit = RunLimit::Output;
      return ended_early(RunOutcomeKind::StoppedAtLimit);
    case RunEnding::Signaled:
      o.signal = run.signal;
      if (run.signal == SIGXCPU || run.signal == SIGXFSZ) {
        o.limit = run.signal == SIGXCPU ? RunLimit::CpuTime : RunLimit::FileSize;
        return ended_early(RunOutcomeKind::StoppedAtLimit);
      }
      return ended_early(RunOutcomeKind::Crashed);
    case RunEnding::Exited:
      break;
  }
  o.exit_code = run.exit_code;
  if (run.result_json) o.result = parse_gtest_json(*run.result_json);
  if (!o.result) return ended_early(RunOutcomeKind::IncompleteResult);
  for (const auto& t : o.result->tests)
    if (t.failed) {
      o.failing_tests.push_back(t.name);
      o.failures.push_back(t);
    }
  std::sort(o.failing_tests.begin(), o.failing_tests.end());
  if (!o.failing_tests.empty()) {
    o.kind = RunOutcomeKind::TestsFailed;
    return o;
  }
  if (!expected_tests.empty()) {
    std::vector<std::string> listed;
    for (const auto& t : o.result->tests) listed.push_back(t.name);
    std::sort(listed.begin(), listed.end());
    if (listed != expected_tests) {
      o.kind = RunOutcomeKind::OtherTests;
      o.listed_tests = listed.size();
      o.expected_tests = expected_tests.size();
      return o;
    }
  }
  o.kind = run.exit_code != 0 ? RunOutcomeKind::FailedExit : RunOutcomeKind::Passed;
  return o;
}

}  // namespace tinyllm::runner
