// The first part of a sandboxed run: what the run gets. A suite's run: its own folder on the host,
// a copy of the library under a neutral name; for both a suite and a tool, the child's plan
// (ChildPlan): bubblewrap's command line (the file system it will see) or, in plain mode, its
// folders; its uid, limits, arguments and environment.
#pragma once
#include <filesystem>

#include "sandbox/sandbox.hpp"
#include "sandbox/sandbox_child.hpp"

namespace tinyllm::runner::detail {

// Where a suite's run writes GoogleTest's result file in a sandbox.
inline constexpr const char* kSandboxResultFile = "/grade/result/result.json";

// Returns a uid for a run (as root): one no other run of any grader uses at the same time.
unsigned allocate_uid();

// A run's folder on the host, removed with everything in it when the run is over (none: empty).
struct RunFolder {
  explicit RunFolder(std::filesystem::path path);
  ~RunFolder();
  RunFolder(const RunFolder&) = delete;
  RunFolder& operator=(const RunFolder&) = delete;
  std::filesystem::path path;
};

// Everything prepared for one run. Built in place and never moved: the child's argv and envp
// point into its own strings.
struct PlannedRun {
  explicit PlannedRun(const RunRequest& request);
  explicit PlannedRun(const ToolRequest& request);
  PlannedRun(const PlannedRun&) = delete;
  PlannedRun& operator=(const PlannedRun&) = delete;

  RunFolder folder;  // first: removed last, also when planning throws half-way
  ChildPlan child;   // output_fd and status_fd are left for the supervisor to fill
};

}  // namespace tinyllm::runner::detail
