// Decides the outcome of one run from what the sandbox saw (run_outcome.hpp has the model).
#pragma once
#include <string>
#include <vector>

#include "grading/run_outcome.hpp"
#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

// Returns the outcome of a run. `expected_tests` (the reference's list, sorted) makes a result
// file that lists other tests an OtherTests outcome; empty means any complete file will do.
RunOutcome classify_run(const SandboxRun& run, const std::vector<std::string>& expected_tests);

}  // namespace tinyllm::runner
