// The errors the grader's main turns into exit status 3. Each message says what was wrong and
// what to do.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>

namespace tinyllm::runner {

// A wrong command line, configuration or catalog, or a machine the grader cannot run on.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A step of the sandbox's own setup failed for a run (a mount, taking the run's uid, entering its
// folder, starting the suite): the grader's or the machine's problem, never the suite's, so it
// stops the grade instead of being read as the suite's exit status.
struct SandboxSetupError : std::runtime_error {
  SandboxSetupError(std::string step, int error_number, const std::string& message)
      : std::runtime_error(message), step(std::move(step)), error_number(error_number) {}
  std::string step;  // what failed, in words: "starting the suite (execve /grade/suite)"
  int error_number;  // its errno
};

}  // namespace tinyllm::runner
