// The sandbox. With namespaces (the default wherever bubblewrap can build one: as root, and as a
// normal user with user namespaces), each run is a bubblewrap sandbox: fresh mount, PID, network,
// IPC, UTS and user namespaces, a file system of read-only system folders, what the run is given,
// and private tmpfs scratch; PID 1 is our launcher (runner/sandboxed/launcher/launch.cpp), which
// applies the limits, and when the program's main process ends kills everything left and passes the
// result file up. As root, a suite's run takes a private uid before bubblewrap, so RLIMIT_NPROC
// binds and nothing of the host is writable. Without namespaces ("plain"), the same limits, a
// process group, and (as root) the private uid, whose processes are all killed at the end.
//
// A run is three parts, in this order below: the plan (what the run gets), supervision (start it,
// the poll loop, limits, timeout) and collecting (how it ended, its result file and output; the
// run's folder goes with the plan).
#include "sandbox/sandbox.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "config/errors.hpp"
#include "sandbox/bubblewrap.hpp"
#include "sandbox/launcher_path.hpp"
#include "sandbox/sandbox_child.hpp"

namespace tinyllm::runner::detail {
namespace {

namespace fs = std::filesystem;

// ---- The plan: what a run gets. A suite's run: its own folder on the host, a copy of the library
// under a neutral name; for both a suite and a tool, the child's plan (ChildPlan): bubblewrap's
// command line (the file system it will see) or, in plain mode, its folders; its uid, limits,
// arguments and environment.

// Where a suite's run writes GoogleTest's result file in a sandbox.
constexpr const char* kSandboxResultFile = "/grade/result/result.json";

// A run's folder on the host, removed with everything in it when the run is over (none: empty).
struct RunFolder {
  explicit RunFolder(fs::path where) : path(std::move(where)) {
    if (path.empty()) return;
    fs::create_directories(path / "lib");
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  }
  ~RunFolder() {
    if (path.empty()) return;
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  RunFolder(const RunFolder&) = delete;
  RunFolder& operator=(const RunFolder&) = delete;
  fs::path path;
};

// Everything prepared for one run. Built in place and never moved: the child's argv and envp
// point into its own strings.
struct PlannedRun {
  explicit PlannedRun(const RunRequest& request);
  explicit PlannedRun(const ToolRequest& request);
  PlannedRun(const PlannedRun&) = delete;
  PlannedRun& operator=(const PlannedRun&) = delete;

  RunFolder folder;  // first: removed last, also when planning throws half-way
  ChildPlan child;   // output_fd and status_fd are left for the supervisor to fill
};

// The uids of runs: distinct for runs at the same time, also across graders running at once
// (each starts at a random slot), and far from real users' uids when the machine maps every uid
// (no user namespace around us), else within 61000..64999.
unsigned allocate_uid() {
  static const std::pair<unsigned, unsigned> range = [] {
    std::ifstream map("/proc/self/uid_map");
    unsigned long inside = 1, outside = 1, count = 0;
    map >> inside >> outside >> count;
    if (inside == 0 && count >= 4294967295ul) return std::make_pair(1000000u, 1000000u);
    return std::make_pair(61000u, 4000u);
  }();
  static std::atomic<unsigned> next{std::random_device{}()};
  return range.first + next++ % range.second;
}

std::string random_token() {
  static std::atomic<std::uint64_t> counter{0};
  std::random_device device;
  std::uint64_t bits = (static_cast<std::uint64_t>(device()) << 32) ^ device() ^ counter++;
  return fmt::format("{:016x}", bits);  // hex only: never reads as a variant name
}

std::vector<Limit> make_limits(const ResourceLimits& l) {
  auto mb = [](double v) { return static_cast<rlim_t>(v * 1024 * 1024); };
  return {{RLIMIT_CPU, static_cast<rlim_t>(std::max(1.0, l.cpu_seconds))},
          {RLIMIT_AS, mb(l.memory_mb)},
          {RLIMIT_NPROC, static_cast<rlim_t>(l.processes)},
          {RLIMIT_FSIZE, mb(l.file_size_mb)},
          {RLIMIT_CORE, 0},
          {RLIMIT_NOFILE, 256},
          {RLIMIT_MEMLOCK, 0},
          {RLIMIT_MSGQUEUE, 0}};
}

// The library, under the neutral name every run sees, and its companions under their own names,
// readable by the run's uid.
void copy_library(const RunRequest& request, const fs::path& run_dir) {
  auto copy = [&](const fs::path& from, const fs::path& name) {
    const fs::path lib = run_dir / "lib" / name;
    fs::copy_file(from, lib);
    fs::permissions(lib, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read |
                             fs::perms::owner_exec | fs::perms::group_exec |
                             fs::perms::others_exec);
  };
  copy(request.library, "libtinyllm_oracle.so");
  for (const auto& companion : request.companion_libraries) copy(companion, companion.filename());
  fs::permissions(run_dir / "lib", fs::perms::owner_all | fs::perms::group_read |
                                       fs::perms::group_exec | fs::perms::others_read |
                                       fs::perms::others_exec);
}

// The launcher's arguments before the program: the status descriptor, the result file and the
// record file ("-": none), then each limit as RESOURCE:VALUE.
std::vector<std::string> launcher_arguments(const ChildPlan& plan) {
  std::vector<std::string> args = {"/grade/launch", std::to_string(kSandboxStatusFd),
                                   plan.result_file.empty() ? "-" : plan.result_file,
                                   plan.record_file.empty() ? "-" : plan.record_file};
  for (const Limit& l : plan.limits)
    args.push_back(fmt::format("{}:{}", l.resource, static_cast<unsigned long long>(l.value)));
  args.push_back("--");
  return args;
}

void finish(ChildPlan& plan) {
  for (auto& a : plan.argv_storage) plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  for (auto& e : plan.env_storage) plan.envp.push_back(e.data());
  plan.envp.push_back(nullptr);
}

// Plain mode's folders for a run, on the host, owned by the run's uid as root.
void make_plain_folders(const ChildPlan& plan, const fs::path& run_dir) {
  for (const char* d : {"work", "tmp", "result"}) {
    fs::create_directory(run_dir / d);
    if (plan.drop_uid && chown((run_dir / d).c_str(), plan.uid, plan.uid) != 0)
      throw std::runtime_error(fmt::format("sandbox: chown {} failed", (run_dir / d).string()));
    fs::permissions(run_dir / d, fs::perms::owner_all);
  }
}

fs::path folder_for(const RunRequest& request) {
  const fs::path root = request.isolation == Isolation::Namespaces
                            ? reachable_scratch(request.scratch_root)
                            : request.scratch_root;
  return root / ("r" + random_token());
}

PlannedRun::PlannedRun(const RunRequest& request) : folder(folder_for(request)) {
  const fs::path& run_dir = folder.path;
  copy_library(request, run_dir);

  ChildPlan& plan = child;
  plan.namespaces = request.isolation == Isolation::Namespaces;
  plan.uid = allocate_uid();
  plan.drop_uid = geteuid() == 0;
  plan.limits = make_limits(request.limits);
  std::string lib_dir, tmp_dir, suite;
  if (plan.namespaces) {
    suite = "/grade/suite";
    plan.work_dir = "/work";
    plan.result_file = kSandboxResultFile;
    if (!request.record_variable.empty()) plan.record_file = "/grade/result/record.txt";
    lib_dir = "/grade/lib";
    tmp_dir = "/tmp";
  } else {
    make_plain_folders(plan, run_dir);
    suite = fs::absolute(request.executable).string();
    plan.work_dir = (run_dir / "work").string();
    plan.result_file = (run_dir / "result" / "result.json").string();
    if (!request.record_variable.empty())
      plan.record_file = (run_dir / "result" / "record.txt").string();
    lib_dir = (run_dir / "lib").string();
    tmp_dir = (run_dir / "tmp").string();
  }
  std::vector<std::string> program = {suite};
  for (const auto& a : request.arguments) program.push_back(a);
  program.push_back("--gtest_output=json:" + plan.result_file);
  if (plan.namespaces) {
    SandboxView view(SandboxView::Devices::Run, request.limits.scratch_mb);
    view.tmpfs("/tmp", request.limits.scratch_mb);
    view.tmpfs("/work", request.limits.scratch_mb);
    view.read_only(build_info::sandbox_launcher, "/grade/launch");
    view.read_only(run_dir / "lib", "/grade/lib");
    view.read_only(fs::absolute(request.executable), "/grade/suite");
    view.tmpfs("/grade/result", static_cast<double>(kMaxResultBytes) / (1024 * 1024));
    view.chdir("/work");
    std::vector<std::string> launched = launcher_arguments(plan);
    launched.insert(launched.end(), program.begin(), program.end());
    plan.argv_storage = view.command(launched);
    plan.executable = plan.argv_storage.front();
    plan.work_dir = "/";  // where bubblewrap starts; the run starts in /work
  } else {
    plan.argv_storage = program;
    plan.executable = suite;
  }
  plan.env_storage = {"PATH=/usr/local/bin:/usr/bin:/bin",
                      "HOME=" + (plan.namespaces ? std::string("/work") : plan.work_dir),
                      "TMPDIR=" + tmp_dir, "LANG=C.UTF-8", "LD_LIBRARY_PATH=" + lib_dir};
  for (const auto& e : request.environment) plan.env_storage.push_back(e);
  if (!request.record_variable.empty())
    plan.env_storage.push_back(request.record_variable + "=" + plan.record_file);
  finish(plan);
}

PlannedRun::PlannedRun(const ToolRequest& request) : folder(fs::path()) {
  ChildPlan& plan = child;
  plan.namespaces = request.isolation == Isolation::Namespaces;
  plan.limits = make_limits(request.limits);
  if (!plan.namespaces)  // on the host, RLIMIT_NPROC would count every process of the user
    std::erase_if(plan.limits, [](const Limit& l) { return l.resource == RLIMIT_NPROC; });
  plan.work_dir = request.work_dir.string();
  if (plan.namespaces) {
    // As root, bubblewrap maps a user namespace of its own rather than taking a private uid: it
    // binds the grader's folders wherever they are, and the compiler, which runs no learner code,
    // needs no process limit of its uid.
    SandboxView view(SandboxView::Devices::Compiler, request.limits.scratch_mb);
    view.tmpfs("/tmp", request.limits.scratch_mb);
    for (const fs::path& p : request.readable) view.read_only(p, fs::absolute(p).string());
    for (const fs::path& p : request.writable) view.writable(p, fs::absolute(p).string());
    view.read_only(build_info::sandbox_launcher, "/grade/launch");
    view.chdir(fs::absolute(request.work_dir).string());
    std::vector<std::string> launched = launcher_arguments(plan);
    launched.insert(launched.end(), request.argv.begin(), request.argv.end());
    plan.argv_storage = view.command(launched);
    if (geteuid() == 0)
      plan.argv_storage.insert(plan.argv_storage.begin() + 1,
                               {"--unshare-user", "--uid", "65534", "--gid", "65534"});
    plan.executable = plan.argv_storage.front();
  } else {
    plan.argv_storage = request.argv;
    plan.executable = request.argv.front();
  }
  plan.env_storage = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp",
                      "LANG=C.UTF-8", "LC_ALL=C.UTF-8"};
  finish(plan);
}

// ---- Supervision: starting the run and watching it. The poll loop reads the run's output and
// status pipes, enforces the output limit and the timeout, and, when the run ends or is stopped,
// makes sure nothing of it is left running. In a sandbox, killing bubblewrap ends the whole run
// (--die-with-parent kills its PID 1, and with it the PID namespace); without, the run's process
// group goes, and as root every process of its uid. Code between fork and exec runs in a copy of
// a multi-threaded process: it only makes system calls on data prepared beforehand
// (sandbox_child.cpp).

using Clock = std::chrono::steady_clock;

constexpr std::size_t kOutputHead = 16 * 1024;
constexpr std::size_t kOutputTail = 48 * 1024;

// Keeps the start and the end of a stream that may be endless.
struct OutputKeeper {
  std::string head, tail;
  std::size_t total = 0;

  void add(const char* data, std::size_t n) {
    total += n;
    std::size_t to_head = std::min(n, kOutputHead - std::min(kOutputHead, head.size()));
    head.append(data, to_head);
    tail.append(data + to_head, n - to_head);
    if (tail.size() > 2 * kOutputTail) tail.erase(0, tail.size() - kOutputTail);
  }

  // head, "[... N bytes left out ...]", tail
  std::string text() const {
    std::string t = tail.size() > kOutputTail ? tail.substr(tail.size() - kOutputTail) : tail;
    if (total > head.size() + t.size())
      return head + fmt::format("\n[... {} bytes left out ...]\n", total - head.size() - t.size()) +
             t;
    return head + t;
  }

  // The name in the last "[ RUN      ] Suite.Test" line, or "".
  std::string last_started_test() const {
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
};

// What the supervisor saw of a run, for the collector to read.
struct Supervision {
  std::optional<RunEnding> stopped_for;  // TimedOut or OutputLimit: the grader stopped the run
  int wait_status = 0;       // of the process the grader started (bubblewrap in a sandbox)
  double seconds = 0;        // wall time until it ended
  std::string status_bytes;  // everything sent on the status pipe
  OutputKeeper output;       // stdout and stderr
};

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

// Starts the run that `plan` describes (its output_fd and status_fd are filled here), watches it
// until it and its pipes have ended, and returns what it saw. Throws std::runtime_error when the
// run cannot be started.
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

}  // namespace
}  // namespace tinyllm::runner::detail

namespace tinyllm::runner {
namespace {

using detail::ChildPlan;
using detail::kMaxResultBytes;
using detail::RecordKind;
using detail::SetupStep;
using detail::StatusRecord;
using detail::Supervision;

// Throws the SandboxSetupError for a failed `step` (with what it was working on: `doing`), and
// `what` the step said, when anything.
[[noreturn]] void throw_setup_failure(SetupStep step, const std::string& doing, int error,
                                      const std::string& what) {
  const std::string name = detail::setup_step_name(step) + doing;
  throw SandboxSetupError(
      name, error,
      fmt::format("the sandbox could not be set up for a run: {} failed{}. This is not the "
                  "suite's doing; {}",
                  name, what.empty() ? "" : ": " + what, detail::setup_step_advice(step)));
}

[[noreturn]] void throw_setup_failure(const ChildPlan& plan, const StatusRecord& record) {
  std::string doing;
  if (record.step == SetupStep::EnterWorkDir) doing = " " + plan.work_dir;
  if (record.step == SetupStep::ExecSuite)
    doing = plan.namespaces ? " in the sandbox" : " " + plan.executable;
  throw_setup_failure(record.step, doing, record.value, std::strerror(record.value));
}

// Returns the status pipe's first record, or nothing when it holds less than one. Throws when
// it is not a record or reports a failed setup step.
std::optional<StatusRecord> first_record(const ChildPlan& plan, const std::string& bytes) {
  StatusRecord record;
  if (bytes.size() < sizeof record) return std::nullopt;
  std::memcpy(&record, bytes.data(), sizeof record);
  if (record.magic != detail::kRecordMagic)
    throw std::runtime_error("sandbox: the run's status pipe held a malformed record");
  if (record.kind == RecordKind::SetupFailed) throw_setup_failure(plan, record);
  return record;
}

// Plain mode: a file the run wrote in its result folder (the result file or the record file),
// read from the run's folder on the host.
std::optional<std::string> read_plain_file(const std::string& path) {
  struct Bytes {
    std::string text;
    bool too_big = false;
  } bytes;
  std::array<char, 1 << 16> buffer;
  detail::read_result_file(
      path.c_str(), buffer.data(), buffer.size(),
      [](void* context, const char* data, std::size_t size) {
        auto& b = *static_cast<Bytes*>(context);
        b.too_big = b.too_big || b.text.size() + size > kMaxResultBytes;
        if (!b.too_big) b.text.append(data, size);
      },
      &bytes);
  if (bytes.too_big || bytes.text.empty()) return std::nullopt;
  return std::move(bytes.text);
}

// Namespaces, a run with a record file: the status pipe held the status record, the result
// file's bytes, the record file's bytes and a RecordTrailer giving both sizes. Anything
// inconsistent gives neither.
void split_record_run(const std::string& bytes, SandboxRun& run) {
  detail::RecordTrailer trailer;
  if (bytes.size() < sizeof(StatusRecord) + sizeof trailer) return;
  std::memcpy(&trailer, bytes.data() + bytes.size() - sizeof trailer, sizeof trailer);
  if (trailer.magic != detail::kRecordTrailerMagic || trailer.result_bytes > kMaxResultBytes ||
      trailer.record_bytes > kMaxResultBytes ||
      sizeof(StatusRecord) + trailer.result_bytes + trailer.record_bytes + sizeof trailer !=
          bytes.size())
    return;
  const std::size_t result_bytes = static_cast<std::size_t>(trailer.result_bytes);
  if (result_bytes > 0) run.result_json = bytes.substr(sizeof(StatusRecord), result_bytes);
  if (trailer.record_exists != 0)
    run.record = bytes.substr(sizeof(StatusRecord) + result_bytes,
                              static_cast<std::size_t>(trailer.record_bytes));
}

// bubblewrap ended without the launcher's report: it could not build the sandbox, and said why on
// stderr ("bwrap: ...").
[[noreturn]] void throw_bubblewrap_failure(const Supervision& seen) {
  std::string said = seen.output.text();
  while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
  if (const auto line = said.rfind('\n'); line != std::string::npos) said.erase(0, line + 1);
  throw_setup_failure(SetupStep::StartSandbox, "", 0, said);
}

// Collect: how the run ended, its result file and its output.
SandboxRun collect(const ChildPlan& plan, const Supervision& seen) {
  SandboxRun run;
  run.seconds = seen.seconds;
  const std::optional<StatusRecord> record = first_record(plan, seen.status_bytes);
  if (seen.stopped_for) {
    run.ending = *seen.stopped_for;
  } else if (plan.namespaces) {
    if (!record) throw_bubblewrap_failure(seen);
    run.ending = record->kind == RecordKind::Signaled ? RunEnding::Signaled : RunEnding::Exited;
    (record->kind == RecordKind::Signaled ? run.signal : run.exit_code) = record->value;
  } else {
    run.ending = WIFSIGNALED(seen.wait_status) ? RunEnding::Signaled : RunEnding::Exited;
    if (WIFSIGNALED(seen.wait_status))
      run.signal = WTERMSIG(seen.wait_status);
    else
      run.exit_code = WEXITSTATUS(seen.wait_status);
  }
  if (plan.namespaces && !plan.record_file.empty()) {
    split_record_run(seen.status_bytes, run);
  } else if (plan.namespaces) {
    if (record && seen.status_bytes.size() > sizeof *record &&
        seen.status_bytes.size() - sizeof *record <= kMaxResultBytes)
      run.result_json = seen.status_bytes.substr(sizeof *record);
  } else {
    if (!seen.stopped_for && !plan.result_file.empty())
      run.result_json = read_plain_file(plan.result_file);
    if (!plan.record_file.empty() &&
        std::filesystem::is_regular_file(std::filesystem::symlink_status(plan.record_file)))
      run.record = read_plain_file(plan.record_file).value_or("");
  }
  run.output = seen.output.text();
  run.last_started_test = seen.output.last_started_test();
  return run;
}

// Why bubblewrap cannot build a sandbox here (as a run would: as root, with a private uid), or
// "" when it can: it is asked to run `true` in one.
std::string why_no_sandbox() {
  if (detail::bubblewrap_program().empty())
    return "bubblewrap is not installed (Debian: apt install bubblewrap)";
  RunRequest probe;
  probe.timeout_seconds = 30;
  ChildPlan plan;
  plan.namespaces = false;  // bubblewrap itself is the program: no launcher, no status record
  plan.drop_uid = geteuid() == 0;
  plan.uid = detail::allocate_uid();
  plan.work_dir = "/";
  plan.argv_storage =
      detail::SandboxView(detail::SandboxView::Devices::Run, 1).command({"/usr/bin/true"});
  plan.executable = plan.argv_storage.front();
  detail::finish(plan);
  const Supervision seen = detail::supervise_run(probe, plan);
  if (!seen.stopped_for && WIFEXITED(seen.wait_status) && WEXITSTATUS(seen.wait_status) == 0)
    return {};
  std::string said = seen.output.text();
  while (!said.empty() && said.back() == '\n') said.pop_back();
  return fmt::format(
      "bubblewrap cannot build a sandbox here ({}); user namespaces may be "
      "disabled (sysctl user.max_user_namespaces, "
      "kernel.unprivileged_userns_clone)",
      said.empty() ? "no message" : said);
}

}  // namespace

Isolation resolve_isolation(Isolation wanted, std::string& note) {
  note.clear();
  if (wanted == Isolation::Plain) {
    note =
        "isolation: plain (by configuration): compiles and runs of learners' code get no "
        "private file system, network or PID space";
    return Isolation::Plain;
  }
  const std::string why = why_no_sandbox();
  if (why.empty()) return Isolation::Namespaces;
  if (wanted == Isolation::Namespaces)
    throw UsageError(
        fmt::format("sandbox.isolation = \"namespaces\" but {}: install bubblewrap and allow user "
                    "namespaces, or set isolation = \"auto\"",
                    why));
  note = fmt::format(
      "isolation: PLAIN ({}): compiles and runs of learners' code get limits, a process group{}, "
      "but no private file system, network or PID space: a suite can read and write what this "
      "user can{}",
      why, geteuid() == 0 ? " and (runs) a private uid" : "",
      geteuid() == 0 ? "" : ", and processes that leave their group (setsid) can outlive the run");
  return Isolation::Plain;
}

SandboxRun run_tool(const ToolRequest& request) {
  detail::PlannedRun planned(request);
  RunRequest bounds;  // what supervision reads: the time and output limits
  bounds.timeout_seconds = request.timeout_seconds;
  bounds.limits = request.limits;
  const Supervision seen = detail::supervise_run(bounds, planned.child);
  return collect(planned.child, seen);
}

SandboxRun run_sandboxed(const RunRequest& request) {
  detail::PlannedRun planned(request);
  const Supervision seen = detail::supervise_run(request, planned.child);
  return collect(planned.child, seen);
}

}  // namespace tinyllm::runner
