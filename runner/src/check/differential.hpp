// The differential check of a learner's module against the reference (`tinyllm-grade check`): the
// same calls on the same generated values through two shims, one on each module, compared by the
// driver (runner/sandboxed/differential/). This side compiles the learner's shim against the
// workspace's headers, runs the driver in the sandbox with the learner's library, and reads its
// result.
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
  std::filesystem::path include_dir;  // the workspace's include/: the learner's module headers
  std::filesystem::path library;      // the learner's libtinyllm_oracle.so (module + foundation)
  // KEY=VALUE added to the runs' environment: a variant's token, for a variant of the schema
  // library run as the learner's module.
  std::vector<std::string> environment;
  std::filesystem::path build_dir;   // the oracle's build (build/differential, build/foundation)
  std::filesystem::path source_dir;  // the oracle's source (runner/sandboxed/differential/shim.cpp)
  std::filesystem::path
      work_dir;  // where the learner's shim is built and kept: DIR/.tinyllm/differential
  std::uint64_t seed = 20261201;  // RapidCheck's seed (the grading seed)
  // The known mutants' behaviours (behaviours.hpp). When an area differs, the driver runs again
  // on the sample with them (the behavioural diagnosis); empty or missing: no diagnosis.
  std::filesystem::path behaviours;
  ResourceLimits limits;
  Isolation isolation = Isolation::Auto;
  CompilerSandbox compile_sandbox;  // the learner's shim's compile (the workspace's headers)
  // Each run on the learner's module may take the reference's time times the factor, plus the
  // constant (config: timeout.factor, timeout.constant_seconds).
  double timeout_factor = 1.5, timeout_constant_seconds = 5;
  RunNotices notices;  // what runs now, and each area that ends a run
};

struct DifferentialResult {
  // One per area, in the driver's order. The driver runs resumed (resumed_run.hpp): an area the
  // module crashes or hangs in ends alone (its `ending` and `call` say how), the others run again
  // without it. Empty when the learner's shim did not compile.
  std::vector<reports::DifferentialCheck> checks;
  // Set when the last run ended abnormally with no area to blame, or when the learner's shim did
  // not compile against the workspace's headers (then `checks` is empty).
  std::optional<reports::RunProblem> problem;
  // The behavioural diagnosis's observation, when an area differs and there are behaviours (its
  // `error` says why there is none when that run failed).
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
