// Each mutant runs the tests that reach it, yet never gets another status than a run of every
// valid test would give it: the rule and its reasons are in docs/grading.md, "Each mutant runs the
// tests that reach it". Every run is a process of its own in the sandbox, `jobs` at a time.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "grading/reach.hpp"
#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

// One run of a plan: a variant, and the tests it runs (none named: every valid test).
struct PlannedRun {
  std::string variant;
  std::vector<std::string> tests;
};

struct MutantRunPlan {
  // A run's request (its library, environment, arguments, timeout, limits).
  std::function<RunRequest(const PlannedRun&)> request;
  int jobs = 1;
  // After each mutant's first run (progress): the mutant's index, the run's seconds.
  std::function<void(std::size_t, double)> finished;
};

struct NarrowedRunsDone {
  std::vector<SandboxRun> runs;  // one per mutant, in the order given: the run that decides
  std::vector<std::vector<std::string>> tests;  // the tests each ran (none named: every test)
  int narrowed = 0;                             // mutants decided by a narrowed run
  int widened = 0;                              // mutants run again with every test
  int checks = 0;  // runs of the reference with a narrowed set of tests
};

// The arguments that run `tests` alone: {"--gtest_filter=A.b:C.d"}.
std::vector<std::string> only_tests(const std::vector<std::string>& tests);

// Runs `mutants` with `plan`, each with its narrowed tests where `narrowed` has them.
// `passes_with(run, tests)` says whether a run that ran `tests` (none named: every test) passed.
NarrowedRunsDone run_narrowed(
    const MutantRunPlan& plan, const std::vector<std::string>& mutants,
    const NarrowedTests& narrowed,
    const std::function<bool(const SandboxRun&, const std::vector<std::string>&)>& passes_with);

}  // namespace tinyllm::runner
