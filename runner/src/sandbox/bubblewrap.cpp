// bubblewrap's command line, and the staging of host files for root's private uids (see
// bubblewrap.hpp).
#include "sandbox/bubblewrap.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace tinyllm::runner::detail {

namespace fs = std::filesystem;

std::string bubblewrap_program() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    const fs::path candidate = fs::path(dir) / "bwrap";
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

namespace {

std::string bytes_of(double mb) {
  return std::to_string(static_cast<long long>(std::ceil(mb * 1024 * 1024)));
}

}  // namespace

SandboxView::SandboxView(Devices devices, double shm_mb) {
  args_ = {"--unshare-all", "--die-with-parent", "--new-session", "--as-pid-1", "--hostname",
           "sandbox",       "--ro-bind",         "/usr",          "/usr"};
  // Merged /usr (Debian 12) makes these links into /usr; elsewhere they are folders.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"}) {
    std::error_code ec;
    const auto status = fs::symlink_status(dir, ec);
    if (ec || !fs::exists(status)) continue;
    if (fs::is_symlink(status))
      args_.insert(args_.end(), {"--symlink", fs::read_symlink(dir).string(), dir});
    else if (fs::is_directory(status))
      args_.insert(args_.end(), {"--ro-bind", dir, dir});
  }
  // Of /etc, only what loading programs needs: the loader's cache, and the alternatives that
  // /usr/bin/c++ and friends point through. Never the rest (passwd, the machine's secrets).
  for (const char* file :
       {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"})
    args_.insert(args_.end(), {"--ro-bind-try", file, file});
  args_.insert(args_.end(), {"--proc", "/proc"});
  if (devices == Devices::Run) {
    args_.insert(args_.end(), {"--dev", "/dev"});
    tmpfs("/dev/shm", shm_mb);
  } else {
    tmpfs("/dev", 1);
    args_.insert(args_.end(), {"--dev-bind", "/dev/null", "/dev/null"});
  }
}

void SandboxView::read_only(const fs::path& host, const std::string& inside) {
  args_.insert(args_.end(), {"--ro-bind", reachable_by_runs(host).string(), inside});
}

void SandboxView::writable(const fs::path& host, const std::string& inside) {
  args_.insert(args_.end(), {"--bind", host.string(), inside});
}

void SandboxView::tmpfs(const std::string& inside, double size_mb) {
  args_.insert(args_.end(), {"--size", bytes_of(size_mb), "--tmpfs", inside});
}

void SandboxView::chdir(const std::string& inside) {
  args_.insert(args_.end(), {"--chdir", inside});
}

std::vector<std::string> SandboxView::command(const std::vector<std::string>& program) const {
  std::vector<std::string> argv = {bubblewrap_program()};
  argv.insert(argv.end(), args_.begin(), args_.end());
  argv.push_back("--");
  argv.insert(argv.end(), program.begin(), program.end());
  return argv;
}

void remove_stale_staging(const fs::path& temp) {
  // A sweep that cannot read the folder gives up quietly: it is housekeeping, not the grade.
  std::error_code ec;
  for (fs::directory_iterator it(temp, ec), last; !ec && it != last; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    const std::string name = entry.path().filename().string();
    if (name.rfind(kStagingPrefix, 0) != 0) continue;
    const std::string rest = name.substr(kStagingPrefix.size());
    char* end = nullptr;
    const long pid = std::strtol(rest.c_str(), &end, 10);
    if (pid <= 0 || end == rest.c_str() || *end != '-') continue;
    struct stat st {};
    if (lstat(entry.path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
      continue;
    if (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // still running
    std::error_code removal;
    fs::remove_all(entry.path(), removal);
  }
}

namespace {

// Whether any user may enter every folder on the way to `path` and read it (and, for a folder,
// enter it): what a private uid needs.
bool reachable_by_others(const fs::path& path) {
  std::error_code ec;
  const fs::path full = fs::canonical(path, ec);
  if (ec) return false;
  struct stat st {};
  if (stat(full.c_str(), &st) != 0 || (st.st_mode & S_IROTH) == 0) return false;
  if (S_ISDIR(st.st_mode) && (st.st_mode & S_IXOTH) == 0) return false;
  for (fs::path dir = full.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (stat(dir.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0) return false;
    if (dir == dir.root_path()) break;
  }
  return true;
}

// The grader's staging folder: made on first use, removed at exit (or, after a kill, by the next
// grader to make one).
class Staging {
 public:
  ~Staging() {
    std::error_code ec;
    if (!root_.empty()) fs::remove_all(root_, ec);
  }
  fs::path root() {
    std::lock_guard lock(mutex_);
    return root_locked();
  }
  fs::path copy_of(const fs::path& path) {
    const fs::path full = fs::canonical(path);
    const auto written = fs::last_write_time(full).time_since_epoch().count();
    const std::string key = fmt::format("{}\n{}", full.string(), written);
    std::lock_guard lock(mutex_);
    if (auto found = copies_.find(key); found != copies_.end()) return found->second;
    const fs::path copy = root_locked() / fmt::format("c{}", copies_.size()) / full.filename();
    fs::create_directories(copy.parent_path());
    fs::copy(full, copy, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    open_up(copy.parent_path());
    copies_.emplace(key, copy);
    return copy;
  }

 private:
  fs::path root_locked() {
    if (!root_.empty()) return root_;
    const fs::path temp = fs::temp_directory_path();
    remove_stale_staging(temp);
    std::string pattern =
        (temp / fmt::format("{}{}-XXXXXX", kStagingPrefix, static_cast<long>(getpid()))).string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("sandbox: cannot make a staging folder in " + temp.string());
    root_ = pattern;
    fs::permissions(root_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    return root_;
  }
  // Lets any user read what was copied (and enter its folders).
  static void open_up(const fs::path& top) {
    auto open = [](const fs::path& p) {
      const auto extra = fs::is_directory(p) ? fs::perms::group_read | fs::perms::group_exec |
                                                   fs::perms::others_read | fs::perms::others_exec
                                             : fs::perms::group_read | fs::perms::others_read;
      fs::permissions(p, extra, fs::perm_options::add);
    };
    open(top);
    for (const auto& entry : fs::recursive_directory_iterator(top))
      if (!entry.is_symlink()) open(entry.path());
  }

  std::mutex mutex_;
  fs::path root_;
  std::map<std::string, fs::path> copies_;
};

Staging& staging() {
  static Staging instance;
  return instance;
}

}  // namespace

fs::path reachable_by_runs(const fs::path& path) {
  std::error_code ec;  // a path that is not there is bubblewrap's to report
  if (geteuid() != 0 || !fs::exists(path, ec) || reachable_by_others(path)) return path;
  return staging().copy_of(path);
}

fs::path reachable_scratch(const fs::path& wanted) {
  if (geteuid() != 0 || reachable_by_others(wanted)) return wanted;
  const fs::path runs = staging().root() / "runs";
  fs::create_directories(runs);
  fs::permissions(runs, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  return runs;
}

}  // namespace tinyllm::runner::detail
