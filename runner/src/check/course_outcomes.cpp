// The course suite's runs on a learner's module as per-test outcomes (course_on_module.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "check/course_on_module.hpp"

namespace tinyllm::runner {

namespace {

// The last lines of a run's output, for the message of the test it ended during.
std::string tail(const std::string& output, int lines) {
  std::size_t at = output.size();
  for (int n = 0; n <= lines && at != std::string::npos && at > 0; ++n)
    at = output.rfind('\n', at - 1);
  return at == std::string::npos ? output : output.substr(at + 1);
}

// What a run printed from the start of `test` on (its last 20 lines), or the run's last 20 lines
// when the start is not in what the sandbox kept.
std::string printed_by(const std::string& output, const std::string& test) {
  const auto start = output.rfind("[ RUN      ] " + test + "\n");
  return tail(start == std::string::npos ? output : output.substr(start), 20);
}

// Records that a test failed with the seed at hand: (test, message).
using Fail = std::function<void(const std::string&, const std::string&)>;

// The last run of a seed: it ended on its own, or early with no test it could be resumed past.
void read_last_run(const RunPiece& piece, std::uint64_t seed, const ResourceLimits& limits,
                   const Fail& fail, std::vector<reports::RunProblem>& problems) {
  const RunOutcome& o = piece.outcome;
  const std::string what = fmt::format("the course suite with seed {}", seed);
  const std::string ending = describe_outcome(o, limits);
  if (o.kind == RunOutcomeKind::TestsFailed || o.kind == RunOutcomeKind::OtherTests) {
    std::set<std::string> seen;
    if (o.result)
      for (const TestOutcome& t : o.result->tests) {
        seen.insert(t.name);
        if (t.failed) fail(t.name, t.message);
      }
    if (o.kind == RunOutcomeKind::OtherTests) {
      problems.push_back({what, ending});
      for (const std::string& test : piece.expected)
        if (!seen.count(test))
          fail(test, fmt::format("it did not run with seed {}: {}", seed, ending));
    }
    return;
  }
  // FailedExit: every test passed, the exit is the problem.
  if (o.kind == RunOutcomeKind::FailedExit || ended_early(o.kind))
    problems.push_back({what, ending});
  if (!ended_early(o.kind)) return;
  const std::map<std::string, bool> finished = finished_in_output(piece.run.output);
  for (const std::string& test : piece.expected) {
    const auto it = finished.find(test);
    if (it == finished.end())
      fail(test, fmt::format("it did not finish with seed {}: the run {}, before it completed; "
                             "it counts as failed for that seed",
                             seed, ending));
    else if (!it->second)
      fail(test, fmt::format("it failed with seed {} (its message is lost: the run then {})", seed,
                             ending));
  }
}

}  // namespace

CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits, const ScaledTimeout& timeout,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce) {
  CourseOutcomes out;
  std::map<std::string, std::size_t> index;
  for (const std::string& test : listed) {
    index[test] = out.tests.size();
    out.tests.push_back({test, true, {}, "", "", ""});
  }
  for (const auto& [seed, run] : runs) {
    // The first failing seed gives the message, the ending and the command.
    const auto fail = [&](const std::string& test, const std::string& message,
                          const std::string& ending) {
      const auto found = index.find(test);
      if (found == index.end()) return;
      reports::CourseTestOutcome& t = out.tests[found->second];
      if (t.passed) {
        t.message = message;
        t.ending = ending;
        t.reproduce = reproduce(seed, test);
      }
      t.passed = false;
      t.failed_seeds.push_back(seed);
    };
    for (std::size_t i = 0; i < run.enders.size(); ++i) {
      const RunPiece& piece = run.pieces[i];
      const std::string ending = ending_during(piece.outcome, limits, timeout,
                                               "the reference runs the whole course suite in");
      fail(run.enders[i],
           fmt::format("with seed {} it {}; it printed:\n{}", seed, ending,
                       printed_by(piece.run.output, run.enders[i])),
           ending);
    }
    read_last_run(
        run.last(), seed, limits,
        [&](const std::string& test, const std::string& message) { fail(test, message, ""); },
        out.problems);
  }
  return out;
}

std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed) {
  std::vector<std::string> failing;
  for (const auto& t : tests)
    if (t.ending.empty() && std::ranges::find(t.failed_seeds, seed) != t.failed_seeds.end())
      failing.push_back(t.test);
  std::ranges::sort(failing);
  return failing;
}

}  // namespace tinyllm::runner
