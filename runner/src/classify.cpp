// A run passes only when it exits 0 with GoogleTest's complete result file listing every expected
// test and no failure; anything else detects the mutant, and the reason says what happened.
#include "classify.hpp"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <cstring>

namespace tinyllm::runner {

std::string signal_name(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", signal);
}

namespace {

std::string signal_reason(int signal, const ResourceLimits& limits) {
  switch (signal) {
    case SIGXCPU:
      return fmt::format("used more than {} s of CPU time (SIGXCPU)", limits.cpu_seconds);
    case SIGXFSZ:
      return fmt::format("wrote a file larger than {} MB (SIGXFSZ)", limits.file_size_mb);
    default:
      return fmt::format("crashed with {}", signal_name(signal));
  }
}

}  // namespace

RunVerdict classify_run(const RunOutcome& run, const std::vector<std::string>& expected_tests,
                        const ResourceLimits& limits) {
  RunVerdict v;
  v.status = reports::MutantStatus::Killed;
  const std::string during =
      run.last_started_test.empty() ? "" : fmt::format(" during {}", run.last_started_test);
  auto name_running_test = [&] {
    if (!run.last_started_test.empty()) v.failing_tests = {run.last_started_test};
  };
  switch (run.ending) {
    case RunEnding::TimedOut:
      v.status = reports::MutantStatus::Timeout;
      v.reason = fmt::format("timed out after {:.1f} s{}", run.seconds, during);
      name_running_test();
      return v;
    case RunEnding::OutputLimit:
      v.reason = fmt::format("printed more than {} MB{}", limits.output_mb, during);
      name_running_test();
      return v;
    case RunEnding::Signaled:
      v.reason = signal_reason(run.signal, limits) + during;
      name_running_test();
      return v;
    case RunEnding::Exited:
      break;
  }
  if (run.result_json) v.result = parse_gtest_json(*run.result_json);
  if (!v.result) {
    v.reason = fmt::format("exited with status {}{} without GoogleTest's complete result file",
                           run.exit_code, during);
    name_running_test();
    return v;
  }
  for (const auto& t : v.result->tests)
    if (t.failed) {
      v.failing_tests.push_back(t.name);
      v.failures.push_back(t);
    }
  std::sort(v.failing_tests.begin(), v.failing_tests.end());
  if (!v.failing_tests.empty()) {
    v.reason = v.failing_tests.size() == 1
                   ? fmt::format("1 test failed: {}", v.failing_tests.front())
                   : fmt::format("{} tests failed", v.failing_tests.size());
    return v;
  }
  if (!expected_tests.empty()) {
    std::vector<std::string> listed;
    for (const auto& t : v.result->tests) listed.push_back(t.name);
    std::sort(listed.begin(), listed.end());
    if (listed != expected_tests) {
      v.reason = fmt::format("GoogleTest's result lists {} tests, not the reference run's {}",
                             listed.size(), expected_tests.size());
      return v;
    }
  }
  if (run.exit_code != 0) {
    v.reason = fmt::format("exited with status {} although every test passed", run.exit_code);
    return v;
  }
  v.status = reports::MutantStatus::Survived;
  v.reason = "every test passed";
  return v;
}

}  // namespace tinyllm::runner
