// Resumed runs (resumed_run.hpp): a run again without the test that ended the last one.
#include "grading/resumed_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "grading/classify.hpp"

namespace tinyllm::runner {

double ResumedRun::seconds() const {
  return std::accumulate(pieces.begin(), pieces.end(), 0.0,
                         [](double sum, const RunPiece& piece) { return sum + piece.run.seconds; });
}

std::string ending_during(const RunOutcome& outcome, const ResourceLimits& limits,
                          const ScaledTimeout& timeout, const std::string& reference_words) {
  if (outcome.kind == RunOutcomeKind::TimedOut)
    return fmt::format("did not finish within {:.1f} s ({} {:.2f} s)", timeout.seconds,
                       reference_words, timeout.reference_seconds);
  RunOutcome without_test = outcome;
  without_test.running_test.clear();
  return describe_outcome(without_test, limits);
}

std::set<std::string> timed_out_tests(const ResumedRun& run) {
  std::set<std::string> tests;
  for (std::size_t i = 0; i < run.enders.size(); ++i)
    if (run.pieces[i].outcome.kind == RunOutcomeKind::TimedOut) tests.insert(run.enders[i]);
  return tests;
}

bool ended_early(RunOutcomeKind kind) {
  return kind == RunOutcomeKind::Crashed || kind == RunOutcomeKind::TimedOut ||
         kind == RunOutcomeKind::StoppedAtLimit || kind == RunOutcomeKind::IncompleteResult;
}

std::map<std::string, bool> finished_in_output(const std::string& output) {
  std::map<std::string, bool> finished;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const bool ok = line.starts_with("[       OK ] ");
    if (!ok && !line.starts_with("[  FAILED  ] ")) continue;
    const std::string rest = line.substr(13);
    const auto paren = rest.find(" (");
    if (paren == std::string::npos) continue;  // the summary lines ("[  FAILED  ] 2 tests, ...")
    finished[rest.substr(0, paren)] = ok;
  }
  return finished;
}

std::vector<std::string> exclusion_arguments(const std::set<std::string>& excluded) {
  if (excluded.empty()) return {};
  return {fmt::format("--gtest_filter=-{}", fmt::join(excluded, ":"))};
}

ResumedRun run_resuming(const std::set<std::string>& excluded,
                        const std::vector<std::string>& expected,
                        const std::function<SandboxRun(const std::vector<std::string>&)>& run) {
  ResumedRun resumed;
  std::set<std::string> left_out = excluded;
  std::vector<std::string> expecting = expected;
  // Each piece but the last adds a test to `left_out`, so there are at most as many pieces as
  // tests, plus one.
  while (true) {
    RunPiece piece;
    piece.run = run(exclusion_arguments(left_out));
    piece.expected = expecting;
    piece.outcome = classify_run(piece.run, expecting);
    const std::string ender = piece.outcome.running_test;
    const bool resumable = ended_early(piece.outcome.kind) && !ender.empty() &&
                           !left_out.contains(ender) &&
                           !finished_in_output(piece.run.output).contains(ender);
    resumed.pieces.push_back(std::move(piece));
    if (!resumable) return resumed;
    resumed.enders.push_back(ender);
    left_out.insert(ender);
    std::erase(expecting, ender);
  }
}

}  // namespace tinyllm::runner
