// Runs a helper program (a compiler, a linker, a test binary) as a child process, without a shell
// (arguments are passed as they are), and captures what it prints; and quotes a command for a
// message a user can paste into a shell.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::base {

struct ProcessOptions {
  std::filesystem::path directory;      // where it runs; empty: the current folder
  std::filesystem::path input;          // its stdin; empty: /dev/null
  double timeout_seconds = 0;           // 0: none; else its process group is killed after it
  std::size_t output_limit = 4u << 20;  // bytes of output kept (the rest is read and dropped)
};

struct ProcessResult {
  int exit_code = -1;  // -1 when it did not exit normally (a signal, the timeout, never started)
  bool timed_out = false;
  int start_error = 0;  // errno when it could not be started (then output is "cannot run <prog>")
  std::string output;   // stdout and stderr, interleaved
};

// Returns how `argv` (the program, found on PATH when it has no '/', then its arguments) ran, in
// a new process group, with `options`. Safe to call from several threads at once. Throws
// std::invalid_argument for an empty argv and std::runtime_error when options.input cannot be
// opened or no pipe can be made (the program's own failures are in the result).
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Returns how `argv` ran with a timeout and the other options at their defaults (the grader's
// compiles, links and helpers).
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds);

// Returns `text` quoted for a POSIX shell: as it is when it holds only letters, digits and
// _-./=:,+@%, else in single quotes.
std::string shell_quote(const std::string& text);

// Returns `argv` as one line a user can paste into a shell: each argument shell_quote'd, joined by
// spaces.
std::string command_line(const std::vector<std::string>& argv);

}  // namespace tinyllm::base
