// What a run gets (see sandbox_plan.hpp). With namespaces the plan lists, step by step, the root
// PID 1 builds: read-only system folders, /dev's few nodes, /proc, private tmpfs scratch, the suite
// and its library at fixed paths. Without, the run's folders are made here on the host.
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

namespace tinyllm::runner::detail {
namespace {

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

// The root PID 1 builds under plan.root, then pivots into.
void add_namespace_root(ChildPlan& plan, const RunRequest& request, const fs::path& run_dir) {
  add_system_folders(plan);
  const std::string scratch =
      fmt::format("size={}k,mode=0700,uid={},gid={}",
                  static_cast<long>(request.limits.scratch_mb * 1024), plan.uid, plan.uid);
  const std::string& root = plan.root;
  using S = ChildPlan::Step;
  auto& st = plan.steps;
  st.push_back({S::MakeDir, {}, root + "/dev", {}});
  st.push_back({S::Tmpfs, {}, root + "/dev", "size=64k,mode=0755"});
  for (const char* node : {"null", "zero", "full", "random", "urandom"}) {
    st.push_back({S::MakeFile, {}, root + "/dev/" + node, {}});
    st.push_back({S::BindDevice, std::string("/dev/") + node, root + "/dev/" + node, {}});
  }
  st.push_back({S::MakeSymlink, "/proc/self/fd", root + "/dev/fd", {}});
  st.push_back({S::MakeDir, {}, root + "/dev/shm", {}});
  st.push_back({S::Tmpfs, {}, root + "/dev/shm", scratch});
  st.push_back({S::MakeDir, {}, root + "/proc", {}});
  st.push_back({S::Proc, {}, root + "/proc", {}});
  st.push_back({S::MakeDir, {}, root + "/work", {}});
  st.push_back({S::Tmpfs, {}, root + "/work", scratch});
  st.push_back({S::MakeDir, {}, root + "/tmp", {}});
  st.push_back({S::Tmpfs, {}, root + "/tmp", scratch});
  st.push_back({S::MakeDir, {}, root + "/grade", {}});
  st.push_back({S::MakeDir, {}, root + "/grade/lib", {}});
  st.push_back({S::BindReadOnly, (run_dir / "lib").string(), root + "/grade/lib", {}});
  st.push_back({S::MakeFile, {}, root + "/grade/suite", {}});
  st.push_back(
      {S::BindReadOnly, fs::absolute(request.executable).string(), root + "/grade/suite", {}});
  st.push_back({S::MakeDir, {}, root + "/grade/result", {}});
  st.push_back({S::Tmpfs,
                {},
                root + "/grade/result",
                fmt::format("size={}k,mode=0700,uid={},gid={}", kMaxResultBytes / 1024, plan.uid,
                            plan.uid)});
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

}  // namespace

RunFolder::RunFolder(fs::path where) : path(std::move(where)) {
  fs::create_directories(path / "lib");
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
}

RunFolder::~RunFolder() {
  std::error_code ec;
  fs::remove_all(path, ec);
}

PlannedRun::PlannedRun(const RunRequest& request)
    : folder(request.scratch_root / ("r" + random_token())) {
  const bool namespaces = request.isolation == Isolation::Namespaces;
  const bool as_root = geteuid() == 0;
  const fs::path& run_dir = folder.path;
  copy_library(request, run_dir);

  ChildPlan& plan = child;
  plan.namespaces = namespaces;
  plan.uid = allocate_uid();
  plan.drop_uid = as_root;
  plan.limits = make_limits(request.limits);
  std::string lib_dir, tmp_dir;
  if (namespaces) {
    plan.root = (run_dir / "root").string();
    fs::create_directory(plan.root);
    add_namespace_root(plan, request, run_dir);
    plan.executable = "/grade/suite";
    plan.work_dir = "/work";
    plan.result_file = "/grade/result/result.json";
    if (request.probe) plan.probe_file = "/grade/result/probe.txt";
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
    if (request.probe) plan.probe_file = (run_dir / "result" / "probe.txt").string();
    lib_dir = (run_dir / "lib").string();
    tmp_dir = (run_dir / "tmp").string();
  }
  plan.argv_storage.push_back(plan.executable);
  for (const auto& a : request.arguments) plan.argv_storage.push_back(a);
  plan.argv_storage.push_back("--gtest_output=json:" + plan.result_file);
  plan.env_storage = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + plan.work_dir,
                      "TMPDIR=" + tmp_dir, "LANG=C.UTF-8", "LD_LIBRARY_PATH=" + lib_dir};
  for (const auto& e : request.environment) plan.env_storage.push_back(e);
  if (request.probe) plan.env_storage.push_back("TINYLLM_PROBE_FILE=" + plan.probe_file);
  for (auto& a : plan.argv_storage) plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  for (auto& e : plan.env_storage) plan.envp.push_back(e.data());
  plan.envp.push_back(nullptr);
}

}  // namespace tinyllm::runner::detail
