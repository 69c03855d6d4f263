// Runs a trusted helper program (the compiler, the linker) and captures what it prints.
#pragma once
#include <string>
#include <vector>

namespace tinyllm::runner {

struct ProcessResult {
  int exit_code = -1;  // -1 when it did not exit normally (a signal or the timeout)
  bool timed_out = false;
  std::string output;  // stdout and stderr
};

// Returns how `argv` ran, killing its process group after `timeout_seconds`.
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds);

// Returns `text` quoted for a POSIX shell.
std::string shell_quote(const std::string& text);

}  // namespace tinyllm::runner
