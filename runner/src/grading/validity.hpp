// Per-test validity: a test is valid when it passes on the reference with every reference seed and
// on every wheat; rounds leave out the invalid ones until a round finds none
// (docs/configuration.md, "How a grade is decided", step 2).
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "grading/progress.hpp"
#include "grading/resumed_run.hpp"
#include "grading/run_outcome.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// One run of a validity round: the reference with one seed, or a wheat with the grading seed.
struct ValidityRun {
  std::string variant;  // "reference" or a wheat's id "w03"
  std::uint64_t seed = 0;
  // A binary wheat: nothing of what the suite printed or reported in this run is ever kept (no
  // message, no exit status, no test name the reference never showed), so no report can hand a
  // learner that binary's bytes.
  bool binary = false;
  std::string title;  // the wheat's title (empty for the reference), for the reasons' words
};

// Returns one round's runs: the reference with the grading seed, then with each reference seed,
// then each wheat (catalog order).
std::vector<ValidityRun> validity_runs(const Config& config,
                                       const std::vector<reports::WheatInfo>& wheats);

// What one finished run says about validity.
struct RunBlame {
  // The tests to blame, each with what a report may show of its failure (always empty for a
  // binary wheat), in the run's order.
  std::vector<std::pair<std::string, std::string>> failed;
  // Non-empty when the run failed with no test it may name: why, in words (the grade is INVALID).
  std::string unblamable;
};

// Returns whom a run's outcome blames. `listed`: the round's grading-seed reference run's sorted
// tests (empty when it did not complete); a run listing other tests blames those in one list only.
// `known`: every test the reference's runs showed, the only ones a binary wheat's run may blame.
// `output` is appended to the message of a run that ended during a test.
RunBlame blame_run(const ValidityRun& run, const RunOutcome& outcome, const std::string& output,
                   const std::vector<std::string>& listed, const std::set<std::string>& known,
                   const ResourceLimits& limits);

// At most this many rounds: each round excludes at least one more test, and a suite whose tests
// keep failing differently round after round is not graded (INVALID) rather than run forever.
inline constexpr int kMaxValidityRounds = 10;

// Everything the rounds need besides the runs themselves.
struct ValidityPlan {
  std::vector<ValidityRun> runs;  // one round's runs (validity_runs)
  reports::Validity policy = reports::Validity::PerTest;
  ResourceLimits limits;
  int jobs = 1;
  std::filesystem::path suite_dir;  // test files inside it are reported relative to it
  // Returns the shell command that reruns `test` as that run ran it.
  std::function<std::string(const ValidityRun&, const std::string& test)> reproduce;
  GradeProgressCallback progress;  // each round is a GradePhase::Reference phase
};

// Runs one validity run with the given arguments (the exclusion filter): grade.cpp in the sandbox,
// tests with canned runs.
using ValidityRunner =
    std::function<SandboxRun(const ValidityRun&, const std::vector<std::string>& arguments)>;

struct ValidityResult {
  std::vector<reports::InvalidTest> invalid_tests;  // in the order the suite lists them
  std::vector<reports::TestInfo> tests;             // every test listed, valid and invalid
  std::vector<std::string> valid_tests;             // sorted: what a mutant run must list
  std::vector<std::string> run_arguments;           // the filter the mutants run with
  std::vector<std::string> invalid_reasons;         // non-empty: the grade is INVALID
  int rounds = 0;
  // The last round's runs' wall times (each resumed run's processes together), in plan.runs'
  // order; the first is the grading-seed reference run, which the mutants' timeout scales.
  std::vector<double> run_seconds;
};

// Runs the rounds (each round's grading-seed reference run, then the others in parallel without
// the tests that timed out in the first) and returns the invalid tests, the valid ones, and why the
// grade is INVALID when it is. Throws what `run` throws.
ValidityResult check_validity(const ValidityPlan& plan, const ValidityRunner& run);

}  // namespace tinyllm::runner
