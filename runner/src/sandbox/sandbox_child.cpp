// The child side of a run, and the one reader of a run's result file (sandbox_child.hpp).
#include "sandbox/sandbox_child.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace tinyllm::runner::detail {
void write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

[[noreturn]] void fail_setup(int status_fd, SetupStep step) {
  StatusRecord r;
  r.kind = RecordKind::SetupFailed;
  r.value = errno;
  r.step = step;
  if (status_fd >= 0) write_all(status_fd, &r, sizeof r);
  _exit(126);
}

namespace {

// Closes every descriptor from 3 up except `keep`.
void close_other_fds(int keep) {
  if (keep >= 3) {
    if (keep > 3) syscall(SYS_close_range, 3u, static_cast<unsigned>(keep - 1), 0u);
    syscall(SYS_close_range, static_cast<unsigned>(keep + 1), ~0u, 0u);
  } else {
    syscall(SYS_close_range, 3u, ~0u, 0u);
  }
}

}  // namespace

// status_fd stays open (close-on-exec) so that a failed step can say so.
[[noreturn]] void become_run(const ChildPlan& plan) {
  int status_fd = plan.status_fd;
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  setsid();
  if (!plan.namespaces)
    for (const Limit& l : plan.limits) {
      rlimit r{l.value, l.value};
      setrlimit(l.resource, &r);
    }
  if (plan.drop_uid) {
    // Raw system calls: glibc's wrappers would try to reach threads this copy does not have.
    if (syscall(SYS_setgroups, 0, nullptr) != 0) fail_setup(status_fd, SetupStep::DropGroups);
    if (syscall(SYS_setresgid, plan.uid, plan.uid, plan.uid) != 0)
      fail_setup(status_fd, SetupStep::TakeGid);
    if (syscall(SYS_setresuid, plan.uid, plan.uid, plan.uid) != 0)
      fail_setup(status_fd, SetupStep::TakeUid);
  }
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  int null_fd = open("/dev/null", O_RDONLY);
  if (null_fd < 0) fail_setup(status_fd, SetupStep::OpenDevNull);
  dup2(null_fd, 0);
  dup2(plan.output_fd, 1);
  dup2(plan.output_fd, 2);
  if (plan.namespaces) {  // bubblewrap passes the launcher the descriptors it inherits
    const bool moved = plan.status_fd == kSandboxStatusFd
                           ? fcntl(kSandboxStatusFd, F_SETFD, 0) == 0
                           : dup2(plan.status_fd, kSandboxStatusFd) == kSandboxStatusFd;
    if (!moved) fail_setup(status_fd, SetupStep::StartSandbox);
    status_fd = kSandboxStatusFd;
  }
  close_other_fds(status_fd);
  if (chdir(plan.work_dir.c_str()) != 0) fail_setup(status_fd, SetupStep::EnterWorkDir);
  execve(plan.executable.c_str(), plan.argv.data(), plan.envp.data());
  fail_setup(status_fd, plan.namespaces ? SetupStep::StartSandbox : SetupStep::ExecSuite);
}

void read_result_file(const char* path, char* buffer, std::size_t buffer_size, ByteSink sink,
                      void* context) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    for (;;) {
      ssize_t n = read(fd, buffer, buffer_size);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      sink(context, buffer, static_cast<std::size_t>(n));
    }
  }
  close(fd);
}

}  // namespace tinyllm::runner::detail
