// The sandbox. With namespaces (the default as root), each run is PID 1's child in fresh mount,
// PID, network, IPC and UTS namespaces, in a root file system built from read-only system folders
// and private tmpfs scratch; when the run's main process ends, PID 1 kills everything left and
// exits, and the kernel ends whatever remains in the namespace, setsid and double forks included.
// The run's processes use their own unprivileged uid, so RLIMIT_NPROC binds and nothing of the
// host is writable. Without namespaces ("plain"), the same limits, a process group, and (as root)
// the private uid, whose processes are all killed at the end.
//
// Code between clone/fork and exec runs in a copy of a multi-threaded process: it only makes
// system calls on data prepared beforehand (no allocation).
#include "sandbox.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <utility>

#include "errors.hpp"
#include "sandbox_child.hpp"

namespace tinyllm::runner {
namespace {

using detail::become_suite;
using detail::ChildPlan;
using detail::kRecordMagic;
using detail::kSetupError;
using detail::kSignaled;
using detail::Limit;
using detail::namespace_init;
using detail::StatusRecord;

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kOutputHead = 16 * 1024;
constexpr std::size_t kOutputTail = 48 * 1024;
constexpr std::size_t kMaxResultBytes = 64u << 20;

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

void finish_argv(ChildPlan& plan) {
  for (auto& a : plan.argv_storage) plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  for (auto& e : plan.env_storage) plan.envp.push_back(e.data());
  plan.envp.push_back(nullptr);
}

// The system folders a run sees read-only; symlinks (merged /usr) are recreated as symlinks.
void add_system_folders(ChildPlan& plan) {
  for (const char* dir : {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32", "/etc"}) {
    std::error_code ec;
    auto status = fs::symlink_status(dir, ec);
    if (ec || !fs::exists(status)) continue;
    std::string target = plan.root + dir;
    if (fs::is_symlink(status)) {
      plan.steps.push_back(
          {ChildPlan::Step::MakeSymlink, fs::read_symlink(dir).string(), target, {}});
    } else if (fs::is_directory(status)) {
      plan.steps.push_back({ChildPlan::Step::MakeDir, {}, target, {}});
      plan.steps.push_back({ChildPlan::Step::BindReadOnly, dir, target, {}});
    }
  }
}

std::string describe_step(const ChildPlan& plan, int step) {
  switch (step) {
    case 0:
      return "making the mount namespace private";
    case -1:
      return "mounting the run's root tmpfs";
    case -2:
    case -3:
    case -4:
    case -5:
      return "switching to the run's root (pivot_root)";
    case -6:
      return "starting the suite (fork)";
    default:
      break;
  }
  if (step >= 1 && static_cast<std::size_t>(step) <= plan.steps.size()) {
    const auto& s = plan.steps[static_cast<std::size_t>(step - 1)];
    return fmt::format("preparing {}", s.target);
  }
  return "setting up";
}

struct Pipes {
  int read_end = -1, write_end = -1;
  Pipes() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("sandbox: pipe2 failed");
    read_end = fds[0];
    write_end = fds[1];
  }
  ~Pipes() {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0) close(write_end);
  }
  void close_write() {
    if (write_end >= 0) close(write_end);
    write_end = -1;
  }
};

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
  std::string text() const {
    std::string t = tail.size() > kOutputTail ? tail.substr(tail.size() - kOutputTail) : tail;
    if (total > head.size() + t.size())
      return head + fmt::format("\n[... {} bytes left out ...]\n", total - head.size() - t.size()) +
             t;
    return head + t;
  }
};

std::string last_started_test(const std::string& output) {
  const std::string marker = "[ RUN      ] ";
  auto at = output.rfind(marker);
  if (at == std::string::npos) return {};
  auto begin = at + marker.size();
  auto end = output.find_first_of("\r\n", begin);
  return output.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

}  // namespace

Isolation resolve_isolation(Isolation wanted, std::string& note) {
  note.clear();
  if (wanted == Isolation::Plain) {
    note = "isolation: plain (by configuration): no private file system, network or PID space";
    return Isolation::Plain;
  }
  std::string why;
  if (geteuid() != 0) {
    why = "not running as root";
  } else {
    static std::array<char, 64 * 1024> stack;
    pid_t p = clone(
        [](void*) -> int { _exit(0); }, stack.data() + stack.size(),
        CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD, nullptr);
    if (p < 0) {
      why = fmt::format("cannot create namespaces ({})", std::strerror(errno));
    } else {
      waitpid(p, nullptr, 0);
      return Isolation::Namespaces;
    }
  }
  if (wanted == Isolation::Namespaces)
    throw UsageError(
        fmt::format("sandbox.isolation = \"namespaces\" but {}: run the grader as "
                    "root (or in a container allowed to unshare), or set "
                    "isolation = \"auto\"",
                    why));
  note = fmt::format(
      "isolation: plain ({}): runs get limits, a process group{}, but no private file system, "
      "network or PID space{}",
      why, geteuid() == 0 ? " and a private uid" : "",
      geteuid() == 0 ? "" : "; processes that leave their group (setsid) can outlive the run");
  return Isolation::Plain;
}

RunOutcome run_sandboxed(const RunRequest& request) {
  const bool namespaces = request.isolation == Isolation::Namespaces;
  const bool as_root = geteuid() == 0;
  const fs::path run_dir = request.scratch_root / ("r" + random_token());
  fs::create_directories(run_dir / "lib");
  fs::permissions(run_dir, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{run_dir};
  const fs::path lib = run_dir / "lib" / "libtinyllm_oracle.so";
  fs::copy_file(request.library, lib);
  fs::permissions(lib, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read |
                           fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec);
  fs::permissions(run_dir / "lib", fs::perms::owner_all | fs::perms::group_read |
                                       fs::perms::group_exec | fs::perms::others_read |
                                       fs::perms::others_exec);

  ChildPlan plan;
  plan.namespaces = namespaces;
  plan.uid = allocate_uid();
  plan.drop_uid = as_root;
  plan.limits = make_limits(request.limits);
  std::string lib_dir, tmp_dir;
  if (namespaces) {
    plan.root = (run_dir / "root").string();
    fs::create_directory(plan.root);
    add_system_folders(plan);
    const std::string scratch =
        fmt::format("size={}k,mode=0700,uid={},gid={}",
                    static_cast<long>(request.limits.scratch_mb * 1024), plan.uid, plan.uid);
    using S = ChildPlan::Step;
    auto& st = plan.steps;
    st.push_back({S::MakeDir, {}, plan.root + "/dev", {}});
    st.push_back({S::Tmpfs, {}, plan.root + "/dev", "size=64k,mode=0755"});
    for (const char* node : {"null", "zero", "full", "random", "urandom"}) {
      st.push_back({S::MakeFile, {}, plan.root + "/dev/" + node, {}});
      st.push_back({S::BindDevice, std::string("/dev/") + node, plan.root + "/dev/" + node, {}});
    }
    st.push_back({S::MakeSymlink, "/proc/self/fd", plan.root + "/dev/fd", {}});
    st.push_back({S::MakeDir, {}, plan.root + "/dev/shm", {}});
    st.push_back({S::Tmpfs, {}, plan.root + "/dev/shm", scratch});
    st.push_back({S::MakeDir, {}, plan.root + "/proc", {}});
    st.push_back({S::Proc, {}, plan.root + "/proc", {}});
    st.push_back({S::MakeDir, {}, plan.root + "/work", {}});
    st.push_back({S::Tmpfs, {}, plan.root + "/work", scratch});
    st.push_back({S::MakeDir, {}, plan.root + "/tmp", {}});
    st.push_back({S::Tmpfs, {}, plan.root + "/tmp", scratch});
    st.push_back({S::MakeDir, {}, plan.root + "/grade", {}});
    st.push_back({S::MakeDir, {}, plan.root + "/grade/lib", {}});
    st.push_back({S::BindReadOnly, (run_dir / "lib").string(), plan.root + "/grade/lib", {}});
    st.push_back({S::MakeFile, {}, plan.root + "/grade/suite", {}});
    st.push_back({S::BindReadOnly,
                  fs::absolute(request.executable).string(),
                  plan.root + "/grade/suite",
                  {}});
    st.push_back({S::MakeDir, {}, plan.root + "/grade/result", {}});
    st.push_back({S::Tmpfs,
                  {},
                  plan.root + "/grade/result",
                  fmt::format("size={}k,mode=0700,uid={},gid={}", kMaxResultBytes / 1024, plan.uid,
                              plan.uid)});
    plan.executable = "/grade/suite";
    plan.work_dir = "/work";
    plan.result_file = "/grade/result/result.json";
    lib_dir = "/grade/lib";
    tmp_dir = "/tmp";
  } else {
    for (const char* d : {"work", "tmp", "result"}) {
      fs::create_directory(run_dir / d);
      if (as_root && chown((run_dir / d).c_str(), plan.uid, plan.uid) != 0)
        throw std::runtime_error(fmt::format("sandbox: chown {} failed", (run_dir / d).string()));
      fs::permissions(run_dir / d, fs::perms::owner_all);
    }
    plan.executable = fs::absolute(request.executable).string();
    plan.work_dir = (run_dir / "work").string();
    plan.result_file = (run_dir / "result" / "result.json").string();
    lib_dir = (run_dir / "lib").string();
    tmp_dir = (run_dir / "tmp").string();
  }
  plan.argv_storage.push_back(namespaces ? "/grade/suite" : plan.executable);
  for (const auto& a : request.arguments) plan.argv_storage.push_back(a);
  plan.argv_storage.push_back("--gtest_output=json:" + plan.result_file);
  plan.env_storage = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + plan.work_dir,
                      "TMPDIR=" + tmp_dir, "LANG=C.UTF-8", "LD_LIBRARY_PATH=" + lib_dir};
  for (const auto& e : request.environment) plan.env_storage.push_back(e);
  finish_argv(plan);

  Pipes output, status;
  plan.output_fd = output.write_end;
  plan.status_fd = status.write_end;
  std::vector<char> stack(namespaces ? 256 * 1024 : 0);

  const auto start = Clock::now();
  pid_t pid;
  if (namespaces) {
    pid = clone(namespace_init, stack.data() + stack.size(),
                CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD,
                &plan);
  } else {
    pid = fork();
    if (pid == 0) become_suite(plan);
  }
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

  RunOutcome outcome;
  OutputKeeper kept;
  std::string status_bytes;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(request.timeout_seconds));
  const std::size_t output_cap = static_cast<std::size_t>(request.limits.output_mb * 1024 * 1024);
  bool exited = false, output_open = true, status_open = true, stopped = false;
  auto stop = [&](RunEnding why) {
    if (stopped) return;
    stopped = true;
    outcome.ending = why;
    if (namespaces) {
      kill(pid, SIGKILL);
    } else {
      kill(-pid, SIGKILL);
      if (as_root) kill_uid(plan.uid);
    }
  };
  std::array<char, 1 << 16> buffer;
  while (!exited || output_open || status_open) {
    int wait_ms = -1;
    if (!stopped) {
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
        kept.add(buffer.data(), static_cast<std::size_t>(n));
        if (kept.total > output_cap) stop(RunEnding::OutputLimit);
      } else if (n == 0 || errno != EINTR) {
        output_open = false;
      }
    }
    if (fds[1].revents != 0) {
      ssize_t n = read(status.read_end, buffer.data(), buffer.size());
      if (n > 0) {
        if (status_bytes.size() < kMaxResultBytes + sizeof(StatusRecord))
          status_bytes.append(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        status_open = false;
      }
    }
    if (fds[2].revents != 0 && !exited) {
      int wait_status = 0;
      waitpid(pid, &wait_status, 0);
      exited = true;
      outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (!namespaces) {
        if (WIFSIGNALED(wait_status)) {
          outcome.signal = WTERMSIG(wait_status);
        } else {
          outcome.exit_code = WEXITSTATUS(wait_status);
        }
        // Whatever the suite left running goes now, so the pipes reach their end.
        kill(-pid, SIGKILL);
        if (as_root) kill_uid(plan.uid);
        if (!stopped) {
          stopped = true;
          outcome.ending = WIFSIGNALED(wait_status) ? RunEnding::Signaled : RunEnding::Exited;
        }
      }
    }
  }
  close(pidfd);
  if (!exited) {
    waitpid(pid, nullptr, 0);
    outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }

  if (namespaces) {
    StatusRecord record;
    if (status_bytes.size() >= sizeof record) {
      std::memcpy(&record, status_bytes.data(), sizeof record);
      if (record.magic != kRecordMagic)
        throw std::runtime_error("sandbox: PID 1 sent a malformed record");
      if (record.kind == kSetupError)
        throw std::runtime_error(fmt::format("sandbox: setup failed while {}: {}",
                                             describe_step(plan, record.step),
                                             std::strerror(record.value)));
      if (!stopped) {
        outcome.ending = record.kind == kSignaled ? RunEnding::Signaled : RunEnding::Exited;
        (record.kind == kSignaled ? outcome.signal : outcome.exit_code) = record.value;
      }
      if (record.has_result != 0 && status_bytes.size() - sizeof record <= kMaxResultBytes)
        outcome.result_json = status_bytes.substr(sizeof record);
    } else if (!stopped) {
      throw std::runtime_error("sandbox: the run's PID 1 ended without a report");
    }
  } else if (!stopped || outcome.ending == RunEnding::Exited ||
             outcome.ending == RunEnding::Signaled) {
    int fd = open(plan.result_file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st {};
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        static_cast<std::size_t>(st.st_size) <= kMaxResultBytes) {
      std::string json;
      for (;;) {
        ssize_t n = read(fd, buffer.data(), buffer.size());
        if (n <= 0) break;
        json.append(buffer.data(), static_cast<std::size_t>(n));
      }
      outcome.result_json = std::move(json);
    }
    if (fd >= 0) close(fd);
  }
  outcome.output = kept.text();
  outcome.last_started_test = last_started_test(kept.tail);
  if (outcome.last_started_test.empty()) outcome.last_started_test = last_started_test(kept.head);
  return outcome;
}

}  // namespace tinyllm::runner
