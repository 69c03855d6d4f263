// Each mutant runs the tests that reach it (see narrowed_runs.hpp).
#include "grading/narrowed_runs.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

#include "tinyllm/base/parallel_for.hpp"

namespace tinyllm::runner {

namespace {

// Runs `runs`, one process each; calls `finished(k, seconds)` after run k when it is set.
std::vector<SandboxRun> run_all(const MutantRunPlan& plan, const std::vector<PlannedRun>& runs,
                                const std::function<void(std::size_t, double)>& finished) {
  std::vector<SandboxRun> done(runs.size());
  base::parallel_for(runs.size(), plan.jobs, [&](std::size_t k) {
    done[k] = run_sandboxed(plan.request(runs[k]));
    if (finished) finished(k, done[k].seconds);
  });
  return done;
}

}  // namespace

std::vector<std::string> only_tests(const std::vector<std::string>& tests) {
  std::string filter = "--gtest_filter=";
  for (const std::string& test : tests) filter += test + ":";
  filter.pop_back();
  return {filter};
}

NarrowedRunsDone run_narrowed(
    const MutantRunPlan& plan, const std::vector<std::string>& mutants,
    const NarrowedTests& narrowed,
    const std::function<bool(const SandboxRun&, const std::vector<std::string>&)>& passes_with) {
  NarrowedRunsDone done;
  const std::size_t count = mutants.size();

  // First pass: every mutant, with its narrowed tests where it has them, and one run of the
  // reference per distinct set of narrowed tests, in an order the suite cannot predict.
  std::vector<PlannedRun> planned;
  std::map<std::vector<std::string>, std::size_t> check_of;  // a set of tests -> its check's run
  for (const std::string& id : mutants) {
    const auto found = narrowed.find(id);
    planned.push_back({id, found == narrowed.end() ? std::vector<std::string>{} : found->second});
  }
  for (std::size_t i = 0; i < count; ++i)
    if (!planned[i].tests.empty() && !check_of.contains(planned[i].tests)) {
      check_of[planned[i].tests] = planned.size();
      planned.push_back({"reference", planned[i].tests});
    }
  done.checks = static_cast<int>(check_of.size());
  std::vector<std::size_t> order(planned.size());  // run k of the plan is planned[order[k]]
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::random_device device;
  std::shuffle(order.begin(), order.end(), std::mt19937_64(device()));
  std::vector<PlannedRun> shuffled;
  for (std::size_t k : order) shuffled.push_back(planned[k]);
  std::vector<SandboxRun> first = run_all(plan, shuffled, [&](std::size_t k, double seconds) {
    if (order[k] < count && plan.finished) plan.finished(order[k], seconds);
  });
  std::vector<SandboxRun> runs(planned.size());
  for (std::size_t k = 0; k < order.size(); ++k) runs[order[k]] = std::move(first[k]);

  // Second pass: every test for a mutant whose set's reference run did not pass, or that
  // survived its narrowed run.
  std::vector<std::size_t> again;
  for (std::size_t i = 0; i < count; ++i) {
    const std::vector<std::string>& tests = planned[i].tests;
    if (tests.empty()) continue;
    if (!passes_with(runs[check_of.at(tests)], tests) || passes_with(runs[i], tests))
      again.push_back(i);
  }
  if (!again.empty()) {
    std::vector<PlannedRun> wide;
    for (std::size_t i : again) wide.push_back({mutants[i], {}});
    std::vector<SandboxRun> second = run_all(plan, wide, nullptr);
    for (std::size_t k = 0; k < again.size(); ++k) {
      runs[again[k]] = std::move(second[k]);
      planned[again[k]].tests.clear();
    }
  }
  done.widened = static_cast<int>(again.size());
  for (std::size_t i = 0; i < count; ++i) {
    done.narrowed += planned[i].tests.empty() ? 0 : 1;
    done.runs.push_back(std::move(runs[i]));
    done.tests.push_back(std::move(planned[i].tests));
  }
  return done;
}

}  // namespace tinyllm::runner
