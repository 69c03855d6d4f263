// Turns the course suite's runs on a learner's module into per-test outcomes (course_outcomes.hpp).
#include "check/course_outcomes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace tinyllm::runner {

namespace {

// The tests GoogleTest printed as finished ("[       OK ] A.b (3 ms)", "[  FAILED  ] A.b (3 ms)")
// in a run that ended without its result file: those it did not print did not finish.
void finished_in_output(const std::string& output, std::set<std::string>& passed,
                        std::set<std::string>& failed) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const bool ok = line.rfind("[       OK ] ", 0) == 0;
    const bool bad = line.rfind("[  FAILED  ] ", 0) == 0;
    if (!ok && !bad) continue;
    const std::string rest = line.substr(13);
    const auto paren = rest.find(" (");
    if (paren == std::string::npos) continue;  // the summary lines ("[  FAILED  ] 2 tests, ...")
    (ok ? passed : failed).insert(rest.substr(0, paren));
  }
}

// The last lines of a run's output, for the message of the test it ended during.
std::string tail(const std::string& output, int lines) {
  std::size_t at = output.size();
  for (int n = 0; n <= lines && at != std::string::npos && at > 0; ++n)
    at = output.rfind('\n', at - 1);
  return at == std::string::npos ? output : output.substr(at + 1);
}

bool ended_early(RunOutcomeKind kind) {
  return kind == RunOutcomeKind::Crashed || kind == RunOutcomeKind::TimedOut ||
         kind == RunOutcomeKind::StoppedAtLimit || kind == RunOutcomeKind::IncompleteResult;
}

}  // namespace

CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce) {
  CourseOutcomes out;
  std::map<std::string, std::size_t> index;
  for (const std::string& test : listed) {
    index[test] = out.tests.size();
    out.tests.push_back({test, true, {}, "", ""});
  }
  auto fail = [&](const std::string& test, std::uint64_t seed, const std::string& message) {
    const auto found = index.find(test);
    if (found == index.end()) return;
    reports::CourseTestOutcome& t = out.tests[found->second];
    if (t.passed) {  // the first failing seed gives the message and the command
      t.message = message;
      t.reproduce = reproduce(seed, test);
    }
    t.passed = false;
    t.failed_seeds.push_back(seed);
  };
  for (const CourseSeedRun& run : runs) {
    const RunOutcome& o = run.outcome;
    const std::string what = fmt::format("the course suite with seed {}", run.seed);
    const std::string ending = describe_outcome(o, limits);
    if (o.kind == RunOutcomeKind::TestsFailed || o.kind == RunOutcomeKind::OtherTests) {
      std::set<std::string> seen;
      if (o.result)
        for (const TestOutcome& t : o.result->tests) {
          seen.insert(t.name);
          if (t.failed) fail(t.name, run.seed, t.message);
        }
      if (o.kind == RunOutcomeKind::OtherTests) {
        out.problems.push_back({what, ending});
        for (const std::string& test : listed)
          if (!seen.count(test))
            fail(test, run.seed, fmt::format("it did not run with seed {}: {}", run.seed, ending));
      }
      continue;
    }
    if (o.kind == RunOutcomeKind::FailedExit) {  // every test passed: the exit is the problem
      out.problems.push_back({what, ending});
      continue;
    }
    if (!ended_early(o.kind)) continue;
    out.problems.push_back({what, ending});
    std::set<std::string> passed, failed;
    finished_in_output(run.output, passed, failed);
    for (const std::string& test : listed) {
      if (passed.count(test)) continue;
      if (test == o.running_test)
        fail(test, run.seed,
             fmt::format("the run with seed {} {}; it printed last:\n{}", run.seed, ending,
                         tail(run.output, 20)));
      else if (failed.count(test))
        fail(test, run.seed,
             fmt::format("it failed with seed {} (its message is lost: the run then {})", run.seed,
                         ending));
      else
        fail(test, run.seed,
             fmt::format("it did not finish with seed {}: the run {}, before it completed; it "
                         "counts as failed for that seed",
                         run.seed, ending));
    }
  }
  return out;
}

std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed) {
  std::vector<std::string> failing;
  for (const auto& t : tests)
    if (std::find(t.failed_seeds.begin(), t.failed_seeds.end(), seed) != t.failed_seeds.end())
      failing.push_back(t.test);
  std::sort(failing.begin(), failing.end());
  return failing;
}

}  // namespace tinyllm::runner
