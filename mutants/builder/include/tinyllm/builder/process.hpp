// Runs a compiler or linker as a child process, without a shell (arguments are passed as they
// are), with its standard input from a file and its output kept for the error message.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::builder {

struct ProcessResult {
  int exit_status = -1;  // the exit code, or -1 when it did not exit normally (killed by a signal)
  std::string output;    // what it wrote to stdout and stderr, interleaved
};

// Runs `arguments` (the program, found on PATH when it has no '/', then its arguments) in
// `directory`, reading stdin from `input` (an empty path: /dev/null). `log` is a scratch file
// that receives the output. Throws BuildError when the program cannot be started.
ProcessResult run_process(const std::vector<std::string>& arguments,
                          const std::filesystem::path& directory,
                          const std::filesystem::path& input, const std::filesystem::path& log);

// Returns `arguments` as one line a user can paste into a shell (for error messages).
std::string command_line(const std::vector<std::string>& arguments);

}  // namespace tinyllm::builder
