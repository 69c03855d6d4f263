// tinyllm-sandbox-launch: PID 1 of a bubblewrap sandbox (bwrap --as-pid-1), between bubblewrap and
// the program it runs; what it does and why is in docs/sandbox.md ("PID 1").
// Usage: tinyllm-sandbox-launch STATUS_FD RESULT_FILE RECORD_FILE [RESOURCE:VALUE ...] -- PROGRAM
// [ARGUMENTS ...], where a file is "-" when there is none and RESOURCE is an RLIMIT_* number.
// It speaks the status protocol of runner/src/sandbox/sandbox_child.hpp.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "sandbox/sandbox_child.hpp"

namespace {

using namespace tinyllm::runner::detail;

struct Sent {
  int fd;
  std::uint64_t bytes;
};

void send(void* context, const char* data, std::size_t size) {
  auto& to = *static_cast<Sent*>(context);
  write_all(to.fd, data, size);
  to.bytes += size;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) return 125;
  const int status_fd = std::atoi(argv[1]);
  const char* result_file = std::strcmp(argv[2], "-") == 0 ? nullptr : argv[2];
  const char* record_file = std::strcmp(argv[3], "-") == 0 ? nullptr : argv[3];
  std::vector<Limit> limits;
  int at = 4;
  for (; at < argc && std::strcmp(argv[at], "--") != 0; ++at) {
    char* colon = std::strchr(argv[at], ':');
    if (colon == nullptr) return 125;
    limits.push_back({std::atoi(argv[at]), std::strtoull(colon + 1, nullptr, 10)});
  }
  if (at + 1 >= argc) return 125;
  char** program = argv + at + 1;
  fcntl(status_fd, F_SETFD, FD_CLOEXEC);  // the program never sees it; a failed exec still can

  const pid_t main_process = fork();
  if (main_process < 0) fail_setup(status_fd, SetupStep::StartSuite);
  if (main_process == 0) {
    for (const Limit& l : limits) {
      const rlimit r{l.value, l.value};
      setrlimit(static_cast<__rlimit_resource>(l.resource), &r);
    }
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    execv(program[0], program);
    fail_setup(status_fd, SetupStep::ExecSuite);
  }
  int wait_status = 0;
  for (;;) {  // as init, reap orphans until the main process ends
    const pid_t p = waitpid(-1, &wait_status, 0);
    if (p == main_process) break;
    if (p < 0 && errno != EINTR) break;
  }
  kill(-1, SIGKILL);  // everything else in the sandbox: forks, setsid, SIGTERM-ignorers
  while (waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
  }
  StatusRecord record;
  record.kind = WIFSIGNALED(wait_status) ? RecordKind::Signaled : RecordKind::Exited;
  record.value = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : WEXITSTATUS(wait_status);
  write_all(status_fd, &record, sizeof record);
  static char buffer[1 << 16];
  Sent sent{status_fd, 0};
  if (result_file != nullptr) read_result_file(result_file, buffer, sizeof buffer, send, &sent);
  if (record_file != nullptr) {
    RecordTrailer trailer;
    struct stat record_stat {};
    trailer.record_exists =
        lstat(record_file, &record_stat) == 0 && S_ISREG(record_stat.st_mode) ? 1 : 0;
    trailer.result_bytes = sent.bytes;
    sent.bytes = 0;
    read_result_file(record_file, buffer, sizeof buffer, send, &sent);
    trailer.record_bytes = sent.bytes;
    write_all(status_fd, &trailer, sizeof trailer);
  }
  return 0;
}
