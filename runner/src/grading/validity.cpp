// The validity rounds (validity.hpp).
#include "grading/validity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "grading/classify.hpp"
#include "grading/resumed_run.hpp"
#include "tinyllm/base/parallel_for.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

bool is_reference(const ValidityRun& run) {
  return run.variant == "reference";
}

// Where a run failed, in words: "the reference (RapidCheck seed 2)", "wheat w03 (...)".
std::string where(const ValidityRun& run) {
  if (is_reference(run)) return fmt::format("the reference (RapidCheck seed {})", run.seed);
  return fmt::format("wheat {} ({})", run.variant, run.title);
}

// Returns `file` relative to the suite folder when it lies inside it (reports show suite files by
// their relative names), else unchanged.
std::string suite_relative(const std::string& file, const fs::path& suite_dir) {
  std::error_code ec;
  if (file.empty() || !fs::path(file).is_absolute()) return file;
  const fs::path relative = fs::relative(file, suite_dir, ec);
  if (ec || relative.empty() || *relative.begin() == "..") return file;
  return relative.string();
}

// The tests an outcome's result lists, and `more`, sorted.
std::vector<std::string> listed_names(const RunOutcome& outcome,
                                      const std::vector<std::string>& more = {}) {
  std::vector<std::string> names = more;
  if (outcome.result)
    for (const auto& t : outcome.result->tests) names.push_back(t.name);
  std::sort(names.begin(), names.end());
  return names;
}

// The tests a resumed run listed: its last run's and those that ended the runs before, sorted;
// nothing when the last run has no complete result.
std::vector<std::string> listed_names(const ResumedRun& run) {
  if (!run.last().outcome.result) return {};
  return listed_names(run.last().outcome, run.enders);
}

// The tests one run listed and the grading-seed reference run did not, or the other way round.
RunBlame blame_other_tests(const ValidityRun& run, const RunOutcome& outcome,
                           const std::vector<std::string>& listed,
                           const std::set<std::string>& known) {
  RunBlame blame;
  const std::vector<std::string> here = listed_names(outcome);
  std::vector<std::string> missing, extra;
  std::set_difference(listed.begin(), listed.end(), here.begin(), here.end(),
                      std::back_inserter(missing));
  std::set_difference(here.begin(), here.end(), listed.begin(), listed.end(),
                      std::back_inserter(extra));
  for (const auto& test : missing)
    blame.failed.emplace_back(
        test, run.binary ? ""
                         : fmt::format("it does not run on {}, though it runs on the "
                                       "reference with the grading seed",
                                       where(run)));
  for (const auto& test : extra) {
    if (run.binary && !known.contains(test)) return {{}, ""};  // the caller words it
    blame.failed.emplace_back(
        test, run.binary ? ""
                         : fmt::format("it runs on {}, though not on the reference with the "
                                       "grading seed",
                                       where(run)));
  }
  return blame;
}

// What the rounds learn as they go: the tests the reference listed, the invalid ones and why.
class Findings {
 public:
  explicit Findings(fs::path suite_dir) : suite_dir_(std::move(suite_dir)) {}

  // Notes the tests a reference run showed (listed, or running when it ended).
  void note_reference(const RunOutcome& outcome) {
    if (outcome.result)
      for (const auto& t : outcome.result->tests) {
        if (known_.insert(t.name).second)
          tests_.push_back({t.name, suite_relative(t.file, suite_dir_), t.line});
      }
    if (!outcome.running_test.empty()) known_.insert(outcome.running_test);
  }

  void note_failure(const std::string& test, reports::ValidityFailure failure) {
    auto [it, added] = invalid_.try_emplace(test);
    if (added) {
      it->second.test = test;
      invalid_order_.push_back(test);
    }
    it->second.failures.push_back(std::move(failure));
  }

  const std::set<std::string>& known() const { return known_; }

  // Every test listed (listing order), then the invalid ones no complete listing showed.
  std::vector<reports::TestInfo> tests() const {
    std::vector<reports::TestInfo> all = tests_;
    for (const auto& name : invalid_order_)
      if (std::ranges::find(all, name, &reports::TestInfo::name) == all.end())
        all.push_back({name, "", 0});
    return all;
  }

  // The invalid tests in the order of tests().
  std::vector<reports::InvalidTest> invalid_tests() const {
    std::vector<reports::InvalidTest> out;
    for (const auto& t : tests())
      if (const auto it = invalid_.find(t.name); it != invalid_.end()) out.push_back(it->second);
    return out;
  }

  std::size_t invalid_count() const { return invalid_.size(); }

 private:
  fs::path suite_dir_;
  std::set<std::string> known_;
  std::vector<reports::TestInfo> tests_;
  std::map<std::string, reports::InvalidTest> invalid_;
  std::vector<std::string> invalid_order_;
};

// One round's runs, each resumed past the tests that end it (resumed_run.hpp): the grading-seed
// reference run first, then the others in parallel without the tests that timed out in it, which
// would have each of them wait out the same timeout (nine runs of a test that hangs took nine).
std::vector<ResumedRun> run_round(const ValidityPlan& plan, const ValidityRunner& run,
                                  const std::set<std::string>& excluded) {
  std::vector<ResumedRun> runs(plan.runs.size());
  PhaseProgress progress(plan.progress, GradePhase::Reference, static_cast<int>(runs.size()),
                         plan.jobs);
  const auto run_one = [&](std::size_t i, const std::set<std::string>& left_out,
                           const std::vector<std::string>& expected) {
    const ValidityRun& r = plan.runs[i];
    runs[i] = run_resuming(left_out, expected, [&](const std::vector<std::string>& arguments) {
      return run(r, arguments);
    });
    progress.run_finished(runs[i].seconds(),
                          is_reference(r) ? fmt::format("seed {}", r.seed) : r.variant);
  };
  run_one(0, excluded, {});
  std::set<std::string> left_out = excluded;
  std::vector<std::string> expected = listed_names(runs[0]);
  for (const std::string& test : timed_out_tests(runs[0])) {
    left_out.insert(test);
    std::erase(expected, test);
  }
  base::parallel_for(runs.size() - 1, plan.jobs,
                     [&](std::size_t i) { run_one(i + 1, left_out, expected); });
  return runs;
}

}  // namespace

std::vector<ValidityRun> validity_runs(const Config& config,
                                       const std::vector<reports::WheatInfo>& wheats) {
  std::vector<ValidityRun> runs = {{"reference", config.seed, false, ""}};
  for (const std::uint64_t seed : config.reference_seeds)
    runs.push_back({"reference", seed, false, ""});
  for (const auto& w : wheats)
    runs.push_back({w.id, config.seed, w.kind == reports::WheatKind::Binary, w.title});
  return runs;
}

RunBlame blame_run(const ValidityRun& run, const RunOutcome& outcome, const std::string& output,
                   const std::vector<std::string>& listed, const std::set<std::string>& known,
                   const ResourceLimits& limits) {
  // A binary wheat's run that names a test the reference never showed: the name itself may carry
  // the binary's bytes, so it is not kept, and the whole grade cannot stand.
  const std::string depends_on_binary = fmt::format(
      "the suite fails on {} outside any test the reference runs: it depends on the binary, "
      "not on the module's behaviour",
      where(run));
  auto may_name = [&](const std::string& test) { return !run.binary || known.contains(test); };
  auto no_test_to_blame = [&] {
    if (run.binary) return RunBlame{{}, depends_on_binary};
    return RunBlame{{},
                    fmt::format("the suite fails on {} with no test to blame: it {}; fix what "
                                "runs outside the tests (static initialisers, main, global "
                                "destructors)",
                                where(run), describe_outcome(outcome, limits))};
  };
  RunBlame blame;
  switch (outcome.kind) {
    case RunOutcomeKind::Passed:
      return blame;
    case RunOutcomeKind::TestsFailed:
      for (const auto& f : outcome.failures) {
        if (!may_name(f.name)) return {{}, depends_on_binary};
        blame.failed.emplace_back(f.name, run.binary ? "" : f.message);
      }
      return blame;
    case RunOutcomeKind::OtherTests:
      blame = blame_other_tests(run, outcome, listed, known);
      return blame.failed.empty() ? no_test_to_blame() : blame;
    case RunOutcomeKind::FailedExit:
      return no_test_to_blame();
    case RunOutcomeKind::Crashed:
    case RunOutcomeKind::TimedOut:
    case RunOutcomeKind::StoppedAtLimit:
    case RunOutcomeKind::IncompleteResult:
      break;
  }
  if (outcome.running_test.empty()) return no_test_to_blame();
  if (!may_name(outcome.running_test)) return {{}, depends_on_binary};
  std::string message;
  if (!run.binary) {
    message = describe_outcome(outcome, limits);
    if (!output.empty()) message += "\n--- output ---\n" + output;
  }
  blame.failed.emplace_back(outcome.running_test, message);
  return blame;
}

ValidityResult check_validity(const ValidityPlan& plan, const ValidityRunner& run) {
  ValidityResult out;
  Findings findings(plan.suite_dir);
  std::set<std::string> excluded;
  std::vector<std::string> listed;  // the last round's grading-seed reference list, sorted
  bool settled = false;
  for (int round = 1; round <= kMaxValidityRounds; ++round) {
    out.rounds = round;
    out.run_arguments = exclusion_arguments(excluded);
    const std::vector<ResumedRun> runs = run_round(plan, run, excluded);
    out.run_seconds.clear();
    for (const auto& r : runs) out.run_seconds.push_back(r.seconds());
    // The grading-seed reference run (the first) lists the tests every other run must list.
    listed = listed_names(runs[0]);
    std::set<std::string> fresh;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const ValidityRun& r = plan.runs[i];
      for (const RunPiece& piece : runs[i].pieces) {
        if (is_reference(r)) findings.note_reference(piece.outcome);
        RunBlame blame = blame_run(r, piece.outcome, piece.run.output, piece.expected,
                                   findings.known(), plan.limits);
        if (!blame.unblamable.empty()) out.invalid_reasons.push_back(blame.unblamable);
        for (auto& [test, message] : blame.failed) {
          if (excluded.contains(test)) continue;
          findings.note_failure(test,
                                {r.variant, r.seed, std::move(message), plan.reproduce(r, test)});
          fresh.insert(test);
        }
      }
    }
    if (!out.invalid_reasons.empty()) break;
    if (fresh.empty()) {
      settled = true;
      break;
    }
    excluded.insert(fresh.begin(), fresh.end());
    if (plan.policy == reports::Validity::Strict) break;
    // Nothing left to run: no need for a round that runs no test.
    if (!listed.empty() && std::all_of(listed.begin(), listed.end(),
                                       [&](const auto& t) { return excluded.contains(t); }))
      break;
  }
  out.tests = findings.tests();
  out.invalid_tests = findings.invalid_tests();
  for (const auto& t : listed)
    if (!excluded.contains(t)) out.valid_tests.push_back(t);
  if (!out.invalid_reasons.empty()) return out;
  if (plan.policy == reports::Validity::Strict && findings.invalid_count() > 0) {
    out.invalid_reasons.push_back(fmt::format(
        "{} test{} fail{} on a correct implementation (the reference or a wheat), and the "
        "validity policy is strict: any invalid test makes the grade INVALID",
        findings.invalid_count(), findings.invalid_count() == 1 ? "" : "s",
        findings.invalid_count() == 1 ? "s" : ""));
  } else if (out.valid_tests.empty() && findings.invalid_count() == 0) {
    out.invalid_reasons.push_back("the suite has no tests: GoogleTest ran none");
  } else if (out.valid_tests.empty()) {
    out.invalid_reasons.push_back(
        "every test is invalid: each fails on the reference or on a wheat, so no test is left "
        "to grade the mutants with");
  } else if (!settled) {
    out.invalid_reasons.push_back(fmt::format(
        "the suite's tests kept failing differently after {} rounds of leaving out the invalid "
        "ones; make its tests independent of each other",
        kMaxValidityRounds));
  }
  return out;
}

}  // namespace tinyllm::runner
