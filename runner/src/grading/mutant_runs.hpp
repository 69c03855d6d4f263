// A grade's mutant runs (docs/grading.md, "One process per grade"). Where the grade may (a
// sandbox with namespaces, the schema library), each job starts the suite
// once as a fork server (sandbox/run_server.hpp) and the schema's mutants are served from it,
// with a few decoy runs of the reference among them; every other run, and every run a server
// cannot serve, runs the one-process way (run_sandboxed). A served run ends as it would have on
// its own, unless the suite tells the two apart: a decoy that does not pass shows that, and then
// every served run is run again the one-process way.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "grading/variant_runs.hpp"
#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

// One run of a plan: a variant, and the tests it runs (none named: every valid test).
struct PlannedRun {
  std::string variant;
  std::vector<std::string> tests;
};

struct MutantRunPlan {
  std::vector<PlannedRun> runs;  // in the order they run
  // A run the one-process way (its library, environment, arguments, timeout, limits).
  std::function<RunRequest(const PlannedRun&)> request;
  const VariantRuns* variant_runs = nullptr;
  // The servers' run (environment: every run's, and the key without a token), when `serve`.
  RunRequest server;
  bool serve = false;
  double server_start_seconds = 60;
  int jobs = 1;
  // Whether a decoy's run (the reference, every valid test) passed: it must.
  std::function<bool(const SandboxRun&)> passes;
  // After each run of the first pass (progress): the run's index, its seconds.
  std::function<void(std::size_t, double)> finished;
};

struct MutantRunsDone {
  std::vector<SandboxRun> runs;  // one per planned run, in the plan's order
  int served = 0;                // runs a fork server served (and kept)
  int decoys = 0;                // decoy runs served
  std::string note;              // why some runs were not served ("" when all that could were)
};

// Runs every planned run. Throws what run_sandboxed throws.
MutantRunsDone run_mutants(const MutantRunPlan& plan);

}  // namespace tinyllm::runner
