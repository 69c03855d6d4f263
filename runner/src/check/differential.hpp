// The differential check of a learner's module against the reference (docs/differential-check.md):
// this side builds the learner's shim, runs the driver in the sandbox and reads its result.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "check/behaviour_diagnosis.hpp"
#include "check/waiting_notice.hpp"
#include "config/config.hpp"
#include "sandbox/compiler_call.hpp"
#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

struct DifferentialRequest {
  std::filesystem::path include_dir;     // the workspace's include/: the learner's module headers
  std::filesystem::path library;         // the learner's libtinyllm_oracle.so (module + foundation)
  std::vector<std::string> environment;  // KEY=VALUE: a schema variant's token, run as the module
  std::filesystem::path build_dir, source_dir;  // the oracle's
  std::filesystem::path work_dir;               // the learner's shim is built and kept here
  std::uint64_t seed = 20261201;                // RapidCheck's seed (the grading seed)
  // The known mutants' behaviours (behaviours.hpp), for the behavioural diagnosis when an area
  // differs; empty or missing: no diagnosis.
  std::filesystem::path behaviours;
  ResourceLimits limits;
  Isolation isolation = Isolation::Auto;
  CompilerSandbox compile_sandbox;  // the learner's shim's compile (the workspace's headers)
  // A run on the learner's module may take the reference's time times the factor, plus the
  // constant.
  double timeout_factor = 1.5, timeout_constant_seconds = 5;
  RunNotices notices;  // what runs now, and each area that ends a run
};

struct DifferentialResult {
  // One per area, in the driver's order. The driver runs resumed (resumed_run.hpp): an area the
  // module crashes or hangs in ends alone (its `ending` and `call` say how). Empty when the
  // learner's shim did not compile.
  std::vector<reports::DifferentialCheck> checks;
  // The last run ended abnormally with no area to blame, or the learner's shim did not compile.
  std::optional<reports::RunProblem> problem;
  // When an area differs and there are behaviours (its `error` says why that run failed).
  std::optional<BehaviourObservation> behaviour;
  bool shim_cached = false;  // the learner's shim was reused from an earlier check
};

// Runs the differential check: the driver with the reference on both sides first (the time the
// learner's runs may take a multiple of), then on the learner's module, then, when an area
// differs, the behaviour tests. Throws UsageError when the build lacks the driver or the reference
// shim (build the grader), and SandboxSetupError/std::runtime_error as run_sandboxed does, or when
// the reference fails it: grader or machine problems, never the learner's.
DifferentialResult run_differential(const DifferentialRequest& request);

// Returns the checks in GoogleTest's JSON result of the driver (`json`), nullopt when it is not a
// complete result. Exposed for tests.
std::optional<std::vector<reports::DifferentialCheck>> parse_differential_json(
    const std::string& json);

}  // namespace tinyllm::runner
