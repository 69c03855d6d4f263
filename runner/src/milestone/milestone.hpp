// `tinyllm-grade milestone [DIR]`: MS-L11 trained on the reference's module, or on a workspace's
// (built as `check` builds it), in the grader's sandbox; its numbers read back for the verdict.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "config/config.hpp"
#include "result_json.hpp"
#include "sandbox/compiler_call.hpp"
#include "workspace/workspace.hpp"

namespace tinyllm::runner::milestone {

struct MilestoneRequest {
  std::filesystem::path build_dir, source_dir;
  std::optional<Workspace> workspace;  // none: the reference's module, or `pitfall`'s
  std::string pitfall;  // a pitfall's id (sNN): its variant library, the reference with that bug
  bool quick = false;
  std::optional<std::size_t> steps;
  std::optional<std::uint64_t> seed;
  std::filesystem::path corpus = "/usr/share/common-licenses";
  Isolation isolation = Isolation::Plain;  // resolved
  ResourceLimits limits;                   // the run's; its CPU and time are raised to fit
  CompilerSandbox compiler_sandbox;        // the module build's
  int jobs = 0;
  std::filesystem::path work_dir;  // the run's scratch
  bool show_progress = true;
};

struct MilestoneRun {
  tinyllm::milestone::Result result;
  std::string module;  // "the reference's module" or the workspace's folder
  double seconds = 0;  // the trainer's run, wall clock
};

// Builds the workspace's module when there is one, then runs tinyllm-milestone on it. Throws
// UsageError when the module or the trainer is not built, std::runtime_error when the trainer's
// run ends without its numbers.
MilestoneRun run_milestone(const MilestoneRequest& request);

}  // namespace tinyllm::runner::milestone
