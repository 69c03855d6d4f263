// Child processes through posix_spawn: safe to start from several threads at once, unlike a
// fork() of a process whose other threads hold locks.
#include "tinyllm/builder/process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>

#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/builder/files.hpp"

extern char** environ;

namespace tinyllm::builder {
namespace fs = std::filesystem;
namespace {

// posix_spawn's file actions, released on every path out.
class FileActions {
 public:
  FileActions() { posix_spawn_file_actions_init(&actions_); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions_); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  posix_spawn_file_actions_t* get() { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

}  // namespace

ProcessResult run_process(const std::vector<std::string>& arguments, const fs::path& directory,
                          const fs::path& input, const fs::path& log) {
  if (arguments.empty()) throw BuildError("run_process: no program to run");
  fs::create_directories(log.parent_path());
  const std::string input_name = input.empty() ? "/dev/null" : input.string();
  FileActions actions;
  posix_spawn_file_actions_addopen(actions.get(), 0, input_name.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(actions.get(), 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(actions.get(), 1, 2);
  if (!directory.empty()) posix_spawn_file_actions_addchdir_np(actions.get(), directory.c_str());

  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, argv[0], actions.get(), nullptr, argv.data(), environ);
  if (error != 0)
    throw BuildError(
        "cannot start " + arguments[0] + ": " + std::strerror(error) +
        " (is it installed, and is the build folder's compile_commands.json current?)");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw BuildError("waiting for " + arguments[0] + " failed");
  }
  ProcessResult result;
  result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.output = read_file(log);
  return result;
}

std::string command_line(const std::vector<std::string>& arguments) {
  std::string line;
  for (const std::string& argument : arguments) {
    if (!line.empty()) line += ' ';
    const bool plain =
        !argument.empty() && argument.find_first_of(" \t\"'\\$`;&|<>()*?") == std::string::npos;
    if (plain) {
      line += argument;
    } else {
      line += '\'';
      for (char c : argument) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
      line += '\'';
    }
  }
  return line;
}

}  // namespace tinyllm::builder
