// Runs what a learner wrote, isolated and bounded (README.md, docs/sandbox.md): a suite
// executable against one oracle library, or a compiler on the learner's files. Nothing that names
// the variant reaches a suite's run: the library has a neutral name, and every run sees the same
// paths.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tinyllm::runner {

struct RunRequest {
  std::filesystem::path executable;  // the compiled suite
  std::filesystem::path library;     // a libtinyllm_oracle.so: the reference or one variant
  // More shared libraries the run loads by file name (dlopen), copied beside the library under
  // their own names, so LD_LIBRARY_PATH finds them in every isolation (the differential check's
  // shims, differential.hpp).
  std::vector<std::filesystem::path> companion_libraries;
  std::vector<std::string> arguments;    // after the program name; the sandbox adds --gtest_output
  std::vector<std::string> environment;  // KEY=VALUE added to the minimal environment
  double timeout_seconds = 60;
  ResourceLimits limits;
  Isolation isolation = Isolation::Plain;  // resolved: Namespaces (bubblewrap) or Plain
  std::filesystem::path scratch_root;      // host folder for per-run folders (neutral names)
  // When not empty, the environment variable that names a file in the run's private result folder
  // which the run may write (the reach run's record, reach.hpp); SandboxRun::record returns it.
  std::string record_variable;
};

enum class RunEnding { Exited, Signaled, TimedOut, OutputLimit };

// What the sandbox saw of a run; classify_run (classify.hpp) decides what it means.
struct SandboxRun {
  RunEnding ending = RunEnding::Exited;
  int exit_code = 0;  // when Exited
  int signal = 0;     // when Signaled
  double seconds = 0;
  std::optional<std::string> result_json;  // GoogleTest's JSON output, when the run wrote one
  std::string output;                      // stdout and stderr: the start and the end
  std::string last_started_test;           // the last "[ RUN      ] Suite.Test" line's name
  // The record file's bytes, when the request named one and the run created it (it may be empty).
  std::optional<std::string> record;
};

// Returns how the run went. Throws SandboxSetupError (errors.hpp) when a step of the sandbox's
// own setup fails, naming the step and what to do, and std::runtime_error when the grader cannot
// start a run at all: a grader or machine problem, never the suite's.
SandboxRun run_sandboxed(const RunRequest& request);

// A compiler or linker call on a learner's files. It sees the host's paths, but only these: the
// system's folders (toolchain, headers, libraries), `readable` (files or folders, read-only),
// `writable` (folders), and a private /tmp. Its limits say how much it may use.
struct ToolRequest {
  std::vector<std::string> argv;  // argv[0]: the program, by absolute path
  std::vector<std::filesystem::path> readable, writable;
  std::filesystem::path work_dir;  // where it runs: one of `writable`
  double timeout_seconds = 600;
  ResourceLimits limits;
  Isolation isolation = Isolation::Plain;  // resolved
};

// Returns how the call went (result_json and record are never set). Throws like
// run_sandboxed.
SandboxRun run_tool(const ToolRequest& request);

// Returns the isolation this machine gives for `wanted`: Namespaces when bubblewrap is installed
// and can build a sandbox here (as root, for the runs' private uid; otherwise for this user, with
// user namespaces), else Plain with `note` saying what is missing and what to do. Throws
// UsageError when `wanted` is Namespaces and it is not available.
Isolation resolve_isolation(Isolation wanted, std::string& note);

}  // namespace tinyllm::runner
