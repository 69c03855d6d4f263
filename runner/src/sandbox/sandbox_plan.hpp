// The first part of a sandboxed run: what the run gets. Its own folder on the host, a copy of the
// library under a neutral name, and the child's plan (ChildPlan): the root file system it will see
// with namespaces, or its folders without, its uid, limits, arguments and environment.
#pragma once
#include <filesystem>

#include "sandbox/sandbox.hpp"
#include "sandbox/sandbox_child.hpp"

namespace tinyllm::runner::detail {

// A run's folder on the host, removed with everything in it when the run is over.
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
  PlannedRun(const PlannedRun&) = delete;
  PlannedRun& operator=(const PlannedRun&) = delete;

  RunFolder folder;  // first: removed last, also when planning throws half-way
  ChildPlan child;   // output_fd and status_fd are left for the supervisor to fill
};

}  // namespace tinyllm::runner::detail
