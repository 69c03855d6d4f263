// The child side of a sandboxed run: what the grader prepares before clone/fork (ChildPlan), and
// the code that runs in the copy of the grader until exec (PID 1 of the run's namespaces, and the
// process that becomes the suite). That code only makes system calls on data prepared beforehand.
#pragma once
#include <sys/resource.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tinyllm::runner::detail {

constexpr std::uint32_t kRecordMagic = 0x7467726bu;
enum RecordKind : std::int32_t { kExited = 1, kSignaled = 2, kSetupError = 3 };

// What PID 1 reports to the grader before the result file's bytes.
struct StatusRecord {
  std::uint32_t magic = kRecordMagic;
  std::int32_t kind = 0;
  std::int32_t value = 0;       // exit code, signal, or errno
  std::int32_t step = 0;        // the setup step that failed
  std::int32_t has_result = 0;  // a GoogleTest result file follows
};

struct Limit {
  int resource;
  rlim_t value;
};

// Everything the child needs, prepared before clone/fork.
struct ChildPlan {
  bool namespaces = false;
  int output_fd = -1;  // write end: stdout and stderr of the run
  int status_fd = -1;  // write end: PID 1's record and the result file (namespaces only)
  unsigned uid = 0;
  bool drop_uid = false;
  std::vector<Limit> limits;
  std::string executable, work_dir, result_file;
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

// Applies the limits, takes the run's uid, sets up descriptors and execs the suite.
[[noreturn]] void become_suite(const ChildPlan& plan);

// PID 1 of the run's namespaces (arg: the ChildPlan): builds the root, starts the suite, reports
// how it ended on status_fd with its result file, then exits, ending every process left.
int namespace_init(void* arg);

}  // namespace tinyllm::runner::detail
