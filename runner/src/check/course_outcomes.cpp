// Turns the course suite's runs on a learner's module into per-test outcomes
// (course_on_module.hpp).
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

class Outcomes {
 public:
  Outcomes(const std::vector<std::string>& listed,
           const std::function<std::string(std::uint64_t, const std::string&)>& reproduce)
      : reproduce_(reproduce) {
    for (const std::string& test : listed) {
      index_[test] = tests_.size();
      tests_.push_back({test, true, {}, "", "", ""});
    }
  }

  // Records that `test` failed with `seed`; the first failing seed gives the message, the ending
  // and the command.
  void fail(const std::string& test, std::uint64_t seed, const std::string& message,
            const std::string& ending = "") {
    const auto found = index_.find(test);
    if (found == index_.end()) return;
    reports::CourseTestOutcome& t = tests_[found->second];
    if (t.passed) {
      t.message = message;
      t.ending = ending;
      t.reproduce = reproduce_(seed, test);
    }
    t.passed = false;
    t.failed_seeds.push_back(seed);
  }

  std::vector<reports::CourseTestOutcome> take() { return std::move(tests_); }

 private:
  std::function<std::string(std::uint64_t, const std::string&)> reproduce_;
  std::map<std::string, std::size_t> index_;
  std::vector<reports::CourseTestOutcome> tests_;
};

// The last run of a seed: it ended on its own, or early with no test it could be resumed past.
void read_last_run(const RunPiece& piece, std::uint64_t seed, const ResourceLimits& limits,
                   Outcomes& outcomes, std::vector<reports::RunProblem>& problems) {
  const RunOutcome& o = piece.outcome;
  const std::string what = fmt::format("the course suite with seed {}", seed);
  const std::string ending = describe_outcome(o, limits);
  if (o.kind == RunOutcomeKind::TestsFailed || o.kind == RunOutcomeKind::OtherTests) {
    std::set<std::string> seen;
    if (o.result)
      for (const TestOutcome& t : o.result->tests) {
        seen.insert(t.name);
        if (t.failed) outcomes.fail(t.name, seed, t.message);
      }
    if (o.kind == RunOutcomeKind::OtherTests) {
      problems.push_back({what, ending});
      for (const std::string& test : piece.expected)
        if (!seen.count(test))
          outcomes.fail(test, seed, fmt::format("it did not run with seed {}: {}", seed, ending));
    }
    return;
  }
  if (o.kind == RunOutcomeKind::FailedExit) {  // every test passed: the exit is the problem
    problems.push_back({what, ending});
    return;
  }
  if (!ended_early(o.kind)) return;
  problems.push_back({what, ending});
  const std::map<std::string, bool> finished = finished_in_output(piece.run.output);
  for (const std::string& test : piece.expected) {
    const auto it = finished.find(test);
    if (it != finished.end() && it->second) continue;
    if (it != finished.end())
      outcomes.fail(test, seed,
                    fmt::format("it failed with seed {} (its message is lost: the run then {})",
                                seed, ending));
    else
      outcomes.fail(test, seed,
                    fmt::format("it did not finish with seed {}: the run {}, before it completed; "
                                "it counts as failed for that seed",
                                seed, ending));
  }
}

}  // namespace

CourseOutcomes course_outcomes(
    const std::vector<std::string>& listed, const std::vector<CourseSeedRun>& runs,
    const ResourceLimits& limits, const ScaledTimeout& timeout,
    const std::function<std::string(std::uint64_t seed, const std::string& test)>& reproduce) {
  CourseOutcomes out;
  Outcomes outcomes(listed, reproduce);
  for (const CourseSeedRun& seed_run : runs) {
    const ResumedRun& run = seed_run.run;
    for (std::size_t i = 0; i < run.enders.size(); ++i) {
      const RunPiece& piece = run.pieces[i];
      const std::string ending = ending_during(piece.outcome, limits, timeout,
                                               "the reference runs the whole course suite in");
      outcomes.fail(run.enders[i], seed_run.seed,
                    fmt::format("with seed {} it {}; it printed:\n{}", seed_run.seed, ending,
                                printed_by(piece.run.output, run.enders[i])),
                    ending);
    }
    read_last_run(run.last(), seed_run.seed, limits, outcomes, out.problems);
  }
  out.tests = outcomes.take();
  return out;
}

std::vector<std::string> failing_with_seed(const std::vector<reports::CourseTestOutcome>& tests,
                                           std::uint64_t seed) {
  std::vector<std::string> failing;
  for (const auto& t : tests)
    if (t.ending.empty() &&
        std::find(t.failed_seeds.begin(), t.failed_seeds.end(), seed) != t.failed_seeds.end())
      failing.push_back(t.test);
  std::sort(failing.begin(), failing.end());
  return failing;
}

}  // namespace tinyllm::runner
