// The second part of a sandboxed run: starting it and watching it. The poll loop reads the run's
// output and status pipes, enforces the output limit and the timeout, and, when the run ends or is
// stopped, makes sure nothing of it is left running.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "sandbox/sandbox.hpp"
#include "sandbox/sandbox_child.hpp"

namespace tinyllm::runner::detail {

// Keeps the start and the end of a stream that may be endless.
struct OutputKeeper {
  std::string head, tail;
  std::size_t total = 0;
  void add(const char* data, std::size_t n);
  std::string text() const;  // head, "[... N bytes left out ...]", tail
  // The name in the last "[ RUN      ] Suite.Test" line, or "".
  std::string last_started_test() const;
};

// What the supervisor saw of a run, for the collector to read.
struct Supervision {
  std::optional<RunEnding> stopped_for;  // TimedOut or OutputLimit: the grader stopped the run
  int wait_status = 0;       // of the process the grader started (bubblewrap in a sandbox)
  double seconds = 0;        // wall time until it ended
  std::string status_bytes;  // everything sent on the status pipe
  OutputKeeper output;       // stdout and stderr
};

// Starts the run that `plan` describes (its output_fd and status_fd are filled here), watches it
// until it and its pipes have ended, and returns what it saw. Throws std::runtime_error when the
// run cannot be started.
Supervision supervise_run(const RunRequest& request, ChildPlan& plan);

}  // namespace tinyllm::runner::detail
