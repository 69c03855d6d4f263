// A fork server's sandbox (docs/grading.md, "One process per grade"): a suite started once in a
// sandbox, where, instead of running its tests, it serves runs (runner/sandboxed/fork_server/): for
// each, it forks a child that is the run, with the limits, arguments, output and result file the
// run would have had in a sandbox of its own, and answers how the child ended. A run served here is
// what run_sandboxed would have returned for it; what the server cannot serve (it refused, or it is
// gone) the caller runs the one-process way.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

class RunServer {
 public:
  // Starts the suite of `request` as a server (its arguments are left out: each run brings its
  // own; its environment is every run's; its timeout bounds the server's whole life) and waits
  // up to `start_seconds` for it to say whether it serves. Namespaces only.
  RunServer(RunRequest request, double start_seconds);
  ~RunServer();  // ends the server and its sandbox
  RunServer(const RunServer&) = delete;
  RunServer& operator=(const RunServer&) = delete;

  bool serving() const { return serving_; }
  // Why it does not serve (or no longer does), when it does not.
  const std::string& why_not() const { return why_not_; }

  // Serves one run: the schema's mutant `token` names, the suite's `arguments`, stopped like a
  // run of its own after `timeout_seconds` or `limits.output_mb` of output. Returns nothing when
  // the server could not serve it: then it serves no more.
  std::optional<SandboxRun> run(std::uint64_t token, const std::vector<std::string>& arguments,
                                double timeout_seconds, const ResourceLimits& limits);

 private:
  void lose(std::string why);  // stops the sandbox; serving() becomes false

  int socket_ = -1, theirs_ = -1;             // the grader's end, the server's
  int cancel_read_ = -1, cancel_write_ = -1;  // written: the sandbox is stopped
  int ended_read_ = -1, ended_write_ = -1;    // written when the sandbox has ended
  bool serving_ = false;
  std::string why_not_;
  std::thread sandbox_;  // in run_sandboxed until the server's sandbox ends
};

}  // namespace tinyllm::runner
