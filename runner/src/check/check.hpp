// `check`'s engine: the learner's module built, the course suite and the differential check on it,
// the diagnosis, then the workspace's tests graded by mutation; one verdict for both halves.
#pragma once
#include <filesystem>
#include <optional>

#include "grading/grading_context.hpp"
#include "tinyllm/reports/check_result.hpp"
#include "workspace/workspace.hpp"

namespace tinyllm::runner {

struct CheckRequest {
  Workspace workspace;
  GradingContext context;  // the configuration, the oracle's folders, the catalog, the toolchain
  std::filesystem::path report_folder;
  bool show_progress = true;  // one line on stderr per step
};

// Throws UsageError (exit 3) when the module does not compile or link, with the compiler's
// messages; SandboxSetupError and std::runtime_error as grade_suite does.
reports::CheckResult check_workspace(const CheckRequest& request);

// Returns the module's half of the verdict: PASS when every course test passed with every seed,
// every differential area agreed and every run ended normally; FAIL otherwise.
reports::Verdict module_verdict(const reports::CheckResult& result);

// Returns the one verdict of both halves: FAIL when the module fails; else the tests' grade's
// verdict (PASS, FAIL or INVALID), or PASS when the workspace has no tests yet.
reports::Verdict check_verdict(reports::Verdict module,
                               const std::optional<reports::Verdict>& tests);

}  // namespace tinyllm::runner
