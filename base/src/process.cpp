// Child processes through posix_spawn, with a pipe for their output and a poll loop for the
// timeout. posix_spawn, unlike fork(), is safe while other threads hold locks (the thread pools
// of the builder and the grader start compilers from several threads at once).
#include "tinyllm/base/process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ranges>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace tinyllm::base {
namespace {

using Clock = std::chrono::steady_clock;

// A file descriptor closed on every path out.
class Descriptor {
 public:
  explicit Descriptor(int fd = -1) : fd_(fd) {}
  ~Descriptor() { close(); }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

// posix_spawn's file actions and attributes, released on every path out.
class SpawnSetup {
 public:
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
};

// Returns the milliseconds to wait in poll() before `deadline` (rounded up, so that the loop does
// not spin through its last millisecond), or -1 (forever) when there is none.
int poll_wait(bool limited, Clock::time_point deadline) {
  if (!limited) return -1;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp<long long>(left.count(), 0, 1000));
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  if (argv.empty()) throw std::invalid_argument("run_process: no program to run");
  // Every descriptor is close-on-exec: a child started by another thread meanwhile must not hold
  // this pipe's write end, or its reader would wait for that child too.
  const std::string input_name = options.input.empty() ? "/dev/null" : options.input.string();
  const Descriptor input(::open(input_name.c_str(), O_RDONLY | O_CLOEXEC));
  if (input.get() < 0)
    throw std::runtime_error(fmt::format("cannot open {} as the standard input of {}: {}",
                                         input_name, argv[0], std::strerror(errno)));
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(
        fmt::format("run_process: cannot make a pipe for {}: {}", argv[0], std::strerror(errno)));
  Descriptor read_end(fds[0]);
  Descriptor write_end(fds[1]);

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, input.get(), 0);
  posix_spawn_file_actions_adddup2(&setup.actions, write_end.get(), 1);
  posix_spawn_file_actions_adddup2(&setup.actions, write_end.get(), 2);
  if (!options.directory.empty())
    posix_spawn_file_actions_addchdir_np(&setup.actions, options.directory.c_str());
  // Its own process group, so the timeout kills what it started too (a test's helpers, a
  // compiler's cc1plus).
  posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int error =
      posix_spawnp(&pid, args[0], &setup.actions, &setup.attributes, args.data(), environ);
  write_end.close();  // the child's copies remain; end of file comes when they are all closed

  ProcessResult result;
  if (error != 0) {
    result.start_error = error;
    result.output = "cannot run " + argv[0];
    return result;
  }
  const bool limited = options.timeout_seconds > 0;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(limited ? options.timeout_seconds : 0));
  auto kill_group = [&] {
    result.timed_out = true;
    kill(-pid, SIGKILL);
  };
  // Output until end of file (every process of the group closed it) or the deadline.
  char buffer[8192];
  for (;;) {
    if (limited && Clock::now() >= deadline) {
      kill_group();
      break;
    }
    pollfd ready_fd{read_end.get(), POLLIN, 0};
    const int ready = poll(&ready_fd, 1, poll_wait(limited, deadline));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = read(read_end.get(), buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) break;
    const std::size_t room =
        options.output_limit - std::min(options.output_limit, result.output.size());
    result.output.append(buffer, std::min(room, static_cast<std::size_t>(n)));
  }
  read_end.close();
  // A child may close its output and go on running: the deadline still holds. The checks start
  // at 1 ms and back off, since a child that just closed its output is usually exiting.
  if (limited && !result.timed_out) {
    auto pause = std::chrono::milliseconds(1);
    for (;;) {
      int status = 0;
      const pid_t done = waitpid(pid, &status, WNOHANG);
      if (done == pid) {
        if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
        return result;
      }
      if (done < 0 && errno != EINTR) return result;
      if (Clock::now() >= deadline) {
        kill_group();
        break;
      }
      std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - Clock::now()));
      pause = std::min(pause * 2, std::chrono::milliseconds(50));
    }
  }
  int status = 0;
  pid_t done = 0;
  do {
    done = waitpid(pid, &status, 0);
  } while (done < 0 && errno == EINTR);
  if (done == pid && !result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

std::string shell_quote(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-./=:,+@%") == std::string::npos)
    return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string command_line(const std::vector<std::string>& argv) {
  return fmt::format("{}", fmt::join(argv | std::views::transform(shell_quote), " "));
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds) {
  ProcessOptions options;
  options.timeout_seconds = timeout_seconds;
  return run_process(argv, options);
}

}  // namespace tinyllm::base
