// The words and statuses of run outcomes, in one place.
#include "grading/run_outcome.hpp"

#include <fmt/format.h>
#include <signal.h>

#include <cstring>

namespace tinyllm::runner {

std::string signal_name(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", signal);
}

std::string describe_outcome(const RunOutcome& o, const ResourceLimits& limits) {
  const std::string during =
      o.running_test.empty() ? "" : fmt::format(" during {}", o.running_test);
  switch (o.kind) {
    case RunOutcomeKind::Passed:
      return "every test passed";
    case RunOutcomeKind::TestsFailed:
      return o.failing_tests.size() == 1 ? fmt::format("1 test failed: {}", o.failing_tests.front())
                                         : fmt::format("{} tests failed", o.failing_tests.size());
    case RunOutcomeKind::Crashed:
      return fmt::format("crashed with {}{}", signal_name(o.signal), during);
    case RunOutcomeKind::TimedOut:
      return fmt::format("timed out after {:.1f} s{}", o.seconds, during);
    case RunOutcomeKind::StoppedAtLimit:
      switch (o.limit) {
        case RunLimit::Output:
          return fmt::format("printed more than {} MB{}", limits.output_mb, during);
        case RunLimit::CpuTime:
          return fmt::format("used more than {} s of CPU time (SIGXCPU){}", limits.cpu_seconds,
                             during);
        case RunLimit::FileSize:
          return fmt::format("wrote a file larger than {} MB (SIGXFSZ){}", limits.file_size_mb,
                             during);
      }
      break;
    case RunOutcomeKind::IncompleteResult:
      return fmt::format("exited with status {}{} without GoogleTest's complete result file",
                         o.exit_code, during);
    case RunOutcomeKind::OtherTests:
      return fmt::format("GoogleTest's result lists {} tests, not the reference run's {}",
                         o.listed_tests, o.expected_tests);
    case RunOutcomeKind::FailedExit:
      return fmt::format("exited with status {} although every test passed", o.exit_code);
  }
  return "ended in a way the grader does not know";
}

MutantVerdict mutant_verdict(const RunOutcome& o, const ResourceLimits& limits) {
  MutantVerdict v;
  v.reason = describe_outcome(o, limits);
  if (o.kind == RunOutcomeKind::Passed) return v;  // Survived
  v.status = o.kind == RunOutcomeKind::TimedOut ? reports::MutantStatus::Timeout
                                                : reports::MutantStatus::Killed;
  if (o.kind == RunOutcomeKind::TestsFailed) {
    v.killed_by = o.failing_tests;
    v.killed_by_failed_tests = true;
  } else if (!o.running_test.empty()) {
    v.killed_by = {o.running_test};
  }
  return v;
}

}  // namespace tinyllm::runner
