// Each mutant runs the tests that reach it (see narrowed_runs.hpp).
#include "grading/narrowed_runs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

#include "tinyllm/base/parallel_for.hpp"

namespace tinyllm::runner {

std::vector<std::string> only_tests(const std::vector<std::string>& tests) {
  return {fmt::format("--gtest_filter={}", fmt::join(tests, ":"))};
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
  std::vector<SandboxRun> runs(planned.size());
  base::parallel_for(order.size(), plan.jobs, [&](std::size_t k) {
    const std::size_t i = order[k];
    runs[i] = run_sandboxed(plan.request(planned[i]));
    if (i < count && plan.finished) plan.finished(i, runs[i].seconds);
  });

  // Second pass: every test for a mutant whose set's reference run did not pass, or that
  // survived its narrowed run.
  std::vector<std::size_t> again;
  for (std::size_t i = 0; i < count; ++i) {
    const std::vector<std::string>& tests = planned[i].tests;
    if (tests.empty()) continue;
    if (!passes_with(runs[check_of.at(tests)], tests) || passes_with(runs[i], tests))
      again.push_back(i);
  }
  for (std::size_t i : again) planned[i].tests.clear();
  base::parallel_for(again.size(), plan.jobs, [&](std::size_t k) {
    runs[again[k]] = run_sandboxed(plan.request({mutants[again[k]], {}}));
  });
  done.widened = static_cast<int>(again.size());
  for (std::size_t i = 0; i < count; ++i) {
    done.narrowed += planned[i].tests.empty() ? 0 : 1;
    done.runs.push_back(std::move(runs[i]));
    done.tests.push_back(std::move(planned[i].tests));
  }
  return done;
}

}  // namespace tinyllm::runner
