// The child side of a sandboxed run: what the grader prepares before clone/fork (ChildPlan), the
// code that runs in the copy of the grader until exec (PID 1 of the run's namespaces, and the
// process that becomes the suite), and the protocol both sides speak on the status pipe. That code
// only makes system calls on data prepared beforehand: it allocates nothing.
#pragma once
#include <sys/resource.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tinyllm::runner::detail {

// The status pipe's protocol (as GoogleTest's death tests name theirs). Its write end is
// close-on-exec, so a suite that starts closes it; before that, a failed setup step sends one
// record, and with namespaces PID 1 sends one when the suite has ended, then the result file's
// bytes. The grader reads the first record.
constexpr std::uint32_t kRecordMagic = 0x7467726bu;

// The largest GoogleTest result file the grader takes from a run (with namespaces, also the size
// of the tmpfs it is written to).
constexpr std::size_t kMaxResultBytes = 64u << 20;

enum class RecordKind : std::int32_t {
  Exited = 1,       // value: the suite's exit status
  Signaled = 2,     // value: the signal that ended it
  SetupFailed = 3,  // value: errno of `step`
};

// The steps between clone/fork and the suite's first instruction that can fail.
enum class SetupStep : std::int32_t {
  None = 0,
  PrivateMounts,  // namespaces: making the mount namespace private
  RootTmpfs,      //   mounting the run's root tmpfs
  PrepareRoot,    //   one ChildPlan::Step (its index travels in the record)
  EnterRoot,      //   chdir, pivot_root and unmounting the old root
  StartSuite,     //   PID 1 forking the process that becomes the suite
  DropGroups,     // both: setgroups, taking the run's uid
  TakeGid,        //   setresgid
  TakeUid,        //   setresuid
  OpenDevNull,    //   the suite's stdin
  EnterWorkDir,   //   chdir to the run's working folder
  ExecSuite,      //   execve of the suite
};

// Returns what the step does, in words: "taking the run's uid (setresuid)".
constexpr const char* setup_step_name(SetupStep step) {
  switch (step) {
    case SetupStep::None:
      return "setting up";
    case SetupStep::PrivateMounts:
      return "making the mount namespace private";
    case SetupStep::RootTmpfs:
      return "mounting the run's root tmpfs";
    case SetupStep::PrepareRoot:
      return "preparing the run's root";
    case SetupStep::EnterRoot:
      return "switching to the run's root (pivot_root)";
    case SetupStep::StartSuite:
      return "starting the suite (fork)";
    case SetupStep::DropGroups:
      return "dropping supplementary groups (setgroups)";
    case SetupStep::TakeGid:
      return "taking the run's gid (setresgid)";
    case SetupStep::TakeUid:
      return "taking the run's uid (setresuid)";
    case SetupStep::OpenDevNull:
      return "opening /dev/null as the suite's stdin";
    case SetupStep::EnterWorkDir:
      return "entering the run's working folder (chdir)";
    case SetupStep::ExecSuite:
      return "starting the suite (execve)";
  }
  return "setting up";
}

// What a step's failure most likely means and what the user can do about it.
constexpr const char* setup_step_advice(SetupStep step) {
  switch (step) {
    case SetupStep::PrivateMounts:
    case SetupStep::RootTmpfs:
    case SetupStep::PrepareRoot:
    case SetupStep::EnterRoot:
      return "the machine refused a mount inside the run's namespaces; grade with "
             "--isolation plain, or in a container allowed to mount (e.g. --privileged)";
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

// What a failed setup step or PID 1 reports to the grader, before any result file's bytes.
struct StatusRecord {
  std::uint32_t magic = kRecordMagic;
  RecordKind kind = RecordKind::Exited;
  std::int32_t value = 0;            // exit status, signal or errno (see RecordKind)
  SetupStep step = SetupStep::None;  // SetupFailed: the step
  std::int32_t step_index = -1;      // SetupFailed in PrepareRoot: the index in ChildPlan::steps
};

// With a probe record (ChildPlan::probe_file), PID 1 sends after the result file's bytes the
// record's bytes, then this trailer, which says where one ends and the other begins.
constexpr std::uint32_t kProbeTrailerMagic = 0x7470726fu;
struct ProbeTrailer {
  std::uint64_t result_bytes = 0;
  std::uint64_t probe_bytes = 0;
  std::uint32_t magic = kProbeTrailerMagic;
  std::uint32_t probe_exists = 0;  // 1: the run created the probe record (it may be empty)
};

struct Limit {
  int resource;
  rlim_t value;
};

// Everything the child needs, prepared before clone/fork.
struct ChildPlan {
  bool namespaces = false;
  int output_fd = -1;  // write end: stdout and stderr of the run
  int status_fd = -1;  // write end, close-on-exec: the records above and the result file
  unsigned uid = 0;
  bool drop_uid = false;
  std::vector<Limit> limits;
  std::string executable, work_dir, result_file;
  // The probe record the probe library writes (TINYLLM_PROBE_FILE), beside the result file; empty
  // when the run is not a probe run.
  std::string probe_file;
  std::vector<std::string> argv_storage, env_storage;
  std::vector<char*> argv, envp;

  // Namespaces: the new root and what goes into it.
  std::string root;
  struct Step {
    enum Kind { MakeDir, MakeFile, MakeSymlink, BindReadOnly, BindDevice, Tmpfs, Proc } kind;
    std::string source, target, options;
  };
  std::vector<Step> steps;
};

// Applies the limits, takes the run's uid, sets up descriptors and execs the suite. A failed
// step sends a SetupFailed record on status_fd and exits 126.
[[noreturn]] void become_suite(const ChildPlan& plan);

// PID 1 of the run's namespaces (arg: the ChildPlan): builds the root, starts the suite, reports
// how it ended on status_fd with its result file (and, for a probe run, its probe record and a
// ProbeTrailer), then exits, ending every process left.
int namespace_init(void* arg);

// Receives bytes: `context` is the caller's, `data` holds `size` bytes.
using ByteSink = void (*)(void* context, const char* data, std::size_t size);

// The one reader of a run's GoogleTest result file (and probe record), for both isolation modes:
// opens `path` refusing links, FIFOs and devices (the suite wrote it and may have planted anything
// there) and passes its bytes to `sink` piece by piece through `buffer`. Gives nothing when there
// is no regular file. Allocates nothing itself: PID 1 calls it after clone, with a sink that writes
// to the status pipe.
void read_result_file(const char* path, char* buffer, std::size_t buffer_size, ByteSink sink,
                      void* context);

}  // namespace tinyllm::runner::detail
