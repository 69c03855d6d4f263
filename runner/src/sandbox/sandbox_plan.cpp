// What a run gets (see sandbox_plan.hpp). In a sandbox, bubblewrap's command line: the system's
// folders, private tmpfs scratch, the suite and its library at fixed paths, the launcher as PID 1.
// Without, the run's folders are made here on the host.
#include "sandbox/sandbox_plan.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <random>
#include <stdexcept>
#include <utility>

#include "sandbox/bubblewrap.hpp"
#include "sandbox/launcher_path.hpp"

namespace tinyllm::runner::detail {

namespace fs = std::filesystem;

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

RunFolder::RunFolder(fs::path where) : path(std::move(where)) {
  if (path.empty()) return;
  fs::create_directories(path / "lib");
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
}

RunFolder::~RunFolder() {
  if (path.empty()) return;
  std::error_code ec;
  fs::remove_all(path, ec);
}

namespace {

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

}  // namespace

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

}  // namespace tinyllm::runner::detail
