// Starts a run and watches it (see sandbox_supervise.hpp). In a sandbox, killing bubblewrap ends
// the whole run (--die-with-parent kills its PID 1, and with it the PID namespace); without, the
// run's process group goes, and as root every process of its uid.
//
// Code between fork and exec runs in a copy of a multi-threaded process: it only makes system
// calls on data prepared beforehand (sandbox_child.cpp).
#include "sandbox/sandbox_supervise.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tinyllm::runner::detail {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kOutputHead = 16 * 1024;
constexpr std::size_t kOutputTail = 48 * 1024;

// Kills every process of `uid` (processes that left the group included): a child takes the uid
// and signals all it may, which is exactly that uid's processes.
void kill_uid(unsigned uid) {
  for (int round = 0; round < 2; ++round) {
    pid_t p = fork();
    if (p == 0) {
      if (setresuid(uid, uid, uid) == 0) kill(-1, SIGKILL);
      _exit(0);
    }
    if (p > 0) waitpid(p, nullptr, 0);
  }
}

struct Pipe {
  int read_end = -1, write_end = -1;
  Pipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
      throw std::runtime_error(fmt::format("sandbox: pipe2 failed ({})", std::strerror(errno)));
    read_end = fds[0];
    write_end = fds[1];
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0) close(write_end);
  }
  void close_write() {
    if (write_end >= 0) close(write_end);
    write_end = -1;
  }
};

// Returns a pidfd of the sandbox's PID 1 (the launcher, bubblewrap's only child), or -1. That
// process ends only after the kernel has killed and reaped everything else in its PID namespace,
// so waiting for it makes a stopped sandbox a gone one. Its parent is checked after the pidfd is
// open: bubblewrap is not reaped yet, so a pid with that parent cannot be a reused one.
int sandbox_init_pidfd(pid_t bubblewrap) {
  std::ifstream children(fmt::format("/proc/{}/task/{}/children", bubblewrap, bubblewrap));
  pid_t init = 0;
  if (!(children >> init)) return -1;
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, init, 0));
  if (pidfd < 0) return -1;
  std::ifstream status(fmt::format("/proc/{}/status", init));
  for (std::string line; std::getline(status, line);)
    if (line.rfind("PPid:", 0) == 0) {
      if (std::atoi(line.c_str() + 5) == bubblewrap) return pidfd;
      break;
    }
  close(pidfd);
  return -1;
}

// Starts the process that becomes bubblewrap (sandbox) or the program (plain). A raw fork: glibc's
// fork() would run atfork handlers and take locks that other threads of the grader may hold.
pid_t start_run(const ChildPlan& plan) {
  const pid_t pid =
      static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, nullptr));
  if (pid == 0) become_run(plan);
  return pid;
}

}  // namespace

void OutputKeeper::add(const char* data, std::size_t n) {
  total += n;
  std::size_t to_head = std::min(n, kOutputHead - std::min(kOutputHead, head.size()));
  head.append(data, to_head);
  tail.append(data + to_head, n - to_head);
  if (tail.size() > 2 * kOutputTail) tail.erase(0, tail.size() - kOutputTail);
}

std::string OutputKeeper::text() const {
  std::string t = tail.size() > kOutputTail ? tail.substr(tail.size() - kOutputTail) : tail;
  if (total > head.size() + t.size())
    return head + fmt::format("\n[... {} bytes left out ...]\n", total - head.size() - t.size()) +
           t;
  return head + t;
}

std::string OutputKeeper::last_started_test() const {
  for (const std::string* part : {&tail, &head}) {
    const std::string marker = "[ RUN      ] ";
    const auto at = part->rfind(marker);
    if (at == std::string::npos) continue;
    const auto begin = at + marker.size();
    const auto end = part->find_first_of("\r\n", begin);
    return part->substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  }
  return {};
}

Supervision supervise_run(const RunRequest& request, ChildPlan& plan) {
  Pipe output, status;
  plan.output_fd = output.write_end;
  plan.status_fd = status.write_end;
  const auto start = Clock::now();
  const pid_t pid = start_run(plan);
  if (pid < 0)
    throw std::runtime_error(fmt::format("sandbox: cannot start a run ({})", std::strerror(errno)));
  output.close_write();
  status.close_write();
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    throw std::runtime_error("sandbox: pidfd_open failed (Linux 5.3 or later is required)");
  }

  Supervision seen;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(request.timeout_seconds));
  const std::size_t output_cap = static_cast<std::size_t>(request.limits.output_mb * 1024 * 1024);
  bool exited = false, output_open = true, status_open = true;
  bool killed = false;  // the whole run has been sent SIGKILL
  auto kill_run = [&] {
    killed = true;
    const int init = plan.namespaces ? sandbox_init_pidfd(pid) : -1;
    kill(-pid, SIGKILL);  // bubblewrap (its sandbox follows it), or the plain run's group
    // A sandbox stopped early ends a moment after bubblewrap, when the kernel has emptied its PID
    // namespace: wait for that, so that nothing of the run is left when it returns. (A sandbox
    // that ended by itself needs no wait: its launcher killed and reaped everything first.)
    if (init >= 0) {
      pollfd gone{init, POLLIN, 0};
      while (poll(&gone, 1, 10000) < 0 && errno == EINTR) {
      }
      close(init);
    }
    // Then, by their uid, processes that left the group (plain) or, as root, anything else of it.
    if (plan.drop_uid) kill_uid(plan.uid);
  };
  auto stop = [&](RunEnding why) {
    if (killed) return;
    seen.stopped_for = why;
    kill_run();
  };
  std::array<char, 1 << 16> buffer;
  while (!exited || output_open || status_open) {
    int wait_ms = -1;
    if (!killed) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) {
        stop(RunEnding::TimedOut);
        continue;
      }
      wait_ms = static_cast<int>(std::min<long long>(left.count(), 1000));
    } else if (exited) {
      wait_ms = 2000;  // plain mode: descendants are dead; drain what is buffered
    }
    pollfd fds[3] = {{output_open ? output.read_end : -1, POLLIN, 0},
                     {status_open ? status.read_end : -1, POLLIN, 0},
                     {exited ? -1 : pidfd, POLLIN, 0}};
    int ready = poll(fds, 3, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0 && exited) break;
    if (fds[0].revents != 0) {
      ssize_t n = read(output.read_end, buffer.data(), buffer.size());
      if (n > 0) {
        seen.output.add(buffer.data(), static_cast<std::size_t>(n));
        if (seen.output.total > output_cap) stop(RunEnding::OutputLimit);
      } else if (n == 0 || errno != EINTR) {
        output_open = false;
      }
    }
    if (fds[1].revents != 0) {
      ssize_t n = read(status.read_end, buffer.data(), buffer.size());
      if (n > 0) {
        if (seen.status_bytes.size() <
            kMaxResultBytes + sizeof(StatusRecord) + sizeof(detail::RecordTrailer))
          seen.status_bytes.append(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        status_open = false;
      }
    }
    if (fds[2].revents != 0 && !exited) {
      waitpid(pid, &seen.wait_status, 0);
      exited = true;
      seen.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      // Plain mode: whatever the suite left running goes now, so the pipes reach their end.
      // (In a sandbox, the launcher's end has already ended everything in it.)
      if (!plan.namespaces) kill_run();
    }
  }
  close(pidfd);
  return seen;
}

}  // namespace tinyllm::runner::detail
