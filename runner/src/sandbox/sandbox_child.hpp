// The child side of a sandboxed run: what the grader prepares before fork (ChildPlan), the code
// that runs in the copy of the grader until exec (the process that becomes bubblewrap, or the
// program itself in plain mode), and the protocol spoken on the status pipe by that code and by
// the sandbox's PID 1 (runner/sandboxed/launcher/launch.cpp). The code after fork only makes system
// calls on data prepared beforehand: it allocates nothing.
#pragma once
#include <sys/resource.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

namespace tinyllm::runner::detail {

// The status pipe's protocol (as GoogleTest's death tests name theirs). The program never holds
// its write end; before it starts, a failed setup step sends one record, and in a sandbox PID 1
// (the launcher) sends one when the program has ended, then the result file's bytes. The grader
// reads the first record.
constexpr std::uint32_t kRecordMagic = 0x7467726bu;

// The largest GoogleTest result file the grader takes from a run (in a sandbox, also the size of
// the tmpfs it is written to).
constexpr std::size_t kMaxResultBytes = 64u << 20;

enum class RecordKind : std::int32_t {
  Exited = 1,       // value: the suite's exit status
  Signaled = 2,     // value: the signal that ended it
  SetupFailed = 3,  // value: errno of `step`
};

// The steps between fork and the program's first instruction that can fail.
enum class SetupStep : std::int32_t {
  None = 0,
  StartSandbox,  // sandbox: bubblewrap building the sandbox (its own message says what failed)
  StartSuite,    //   the launcher forking the process that becomes the program
  DropGroups,    // as root: setgroups, taking the run's uid
  TakeGid,       //   setresgid
  TakeUid,       //   setresuid
  OpenDevNull,   // both: the program's stdin
  EnterWorkDir,  //   chdir to the run's working folder
  ExecSuite,     //   execve of the program (of bubblewrap, in a sandbox: then StartSandbox)
};

// Returns what the step does, in words: "taking the run's uid (setresuid)".
constexpr const char* setup_step_name(SetupStep step) {
  constexpr const char* names[] = {"setting up",
                                   "building the sandbox (bubblewrap)",
                                   "starting the suite (fork)",
                                   "dropping supplementary groups (setgroups)",
                                   "taking the run's gid (setresgid)",
                                   "taking the run's uid (setresuid)",
                                   "opening /dev/null as the suite's stdin",
                                   "entering the run's working folder (chdir)",
                                   "starting the suite (execve)"};
  const auto i = static_cast<std::size_t>(step);
  return i < std::size(names) ? names[i] : names[0];
}

// What a step's failure most likely means and what the user can do about it.
constexpr const char* setup_step_advice(SetupStep step) {
  switch (step) {
    case SetupStep::StartSandbox:
      return "bubblewrap could not build the sandbox (its message is above); grade with "
             "--isolation plain, or on a machine that allows user namespaces "
             "(sysctl user.max_user_namespaces > 0)";
    case SetupStep::StartSuite:
      return "the machine is out of processes or memory; grade with fewer --jobs";
    case SetupStep::DropGroups:
    case SetupStep::TakeGid:
    case SetupStep::TakeUid:
      return "the grader runs as root but may not change uid (a restricted container?); grade as "
             "an unprivileged user or give the container CAP_SETUID and CAP_SETGID";
    case SetupStep::OpenDevNull:
      return "/dev/null is missing or unreadable on this machine";
    case SetupStep::EnterWorkDir:
    case SetupStep::ExecSuite:
      return "the run's private uid must be able to reach the grader's work folder and execute "
             "the compiled suite there: choose an --output folder whose parent folders others "
             "may enter (o+x), on a file system not mounted noexec";
    case SetupStep::None:
      break;
  }
  return "this is the grader's or the machine's problem, not the suite's";
}

// What a failed setup step or the launcher reports to the grader, before any result file's bytes.
struct StatusRecord {
  std::uint32_t magic = kRecordMagic;
  RecordKind kind = RecordKind::Exited;
  std::int32_t value = 0;            // exit status, signal or errno (see RecordKind)
  SetupStep step = SetupStep::None;  // SetupFailed: the step
};

// With a record file (ChildPlan::record_file), the launcher sends after the result file's bytes the
// record's bytes, then this trailer, which says where one ends and the other begins.
constexpr std::uint32_t kRecordTrailerMagic = 0x7470726fu;
struct RecordTrailer {
  std::uint64_t result_bytes = 0;
  std::uint64_t record_bytes = 0;
  std::uint32_t magic = kRecordTrailerMagic;
  std::uint32_t record_exists = 0;  // 1: the run created the record file (it may be empty)
};

struct Limit {
  int resource;
  rlim_t value;
};

// Everything the child needs, prepared before fork.
struct ChildPlan {
  bool namespaces = false;  // the child execs bubblewrap, which runs the launcher, the program
  int output_fd = -1;       // write end: stdout and stderr of the run
  int status_fd = -1;       // write end, close-on-exec: the records above and the result file
  unsigned uid = 0;
  bool drop_uid = false;      // as root: take `uid` before exec
  std::vector<Limit> limits;  // plain: applied before exec (in a sandbox, the launcher does)
  std::string executable, work_dir, result_file;
  // The record file (RunRequest::record_variable names it to the run), beside the result file;
  // empty when the request names none.
  std::string record_file;
  std::vector<std::string> argv_storage, env_storage;
  std::vector<char*> argv, envp;
};

// Writes all `size` bytes to `fd` (retrying short writes and EINTR), or as many as it can.
void write_all(int fd, const void* data, std::size_t size);

// Sends a SetupFailed record for `step` with the current errno on `status_fd`, and exits 126.
[[noreturn]] void fail_setup(int status_fd, SetupStep step);

// The descriptor the status pipe's write end has in bubblewrap and the launcher.
constexpr int kSandboxStatusFd = 3;

// Takes the run's uid (as root), sets up descriptors and execs plan.executable: the program with
// the limits applied (plain), or bubblewrap with the status pipe as kSandboxStatusFd (sandbox).
// A failed step sends a SetupFailed record on status_fd and exits 126.
[[noreturn]] void become_run(const ChildPlan& plan);

// Receives bytes: `context` is the caller's, `data` holds `size` bytes.
using ByteSink = void (*)(void* context, const char* data, std::size_t size);

// The one reader of a run's GoogleTest result file (and record file), for both isolation modes:
// opens `path` refusing links, FIFOs and devices (the suite wrote it and may have planted anything
// there) and passes its bytes to `sink` piece by piece through `buffer`. Gives nothing when there
// is no regular file. Allocates nothing itself: the launcher calls it with a sink that writes to
// the status pipe.
void read_result_file(const char* path, char* buffer, std::size_t buffer_size, ByteSink sink,
                      void* context);

}  // namespace tinyllm::runner::detail
