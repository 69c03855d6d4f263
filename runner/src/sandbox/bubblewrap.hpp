// What a sandbox is made of: bubblewrap's command line (the file system a sandboxed program sees:
// the system's folders read-only, what it is given, private tmpfs scratch; no network, no view of
// the host's processes) and, as root, host files made reachable by the runs' private uid.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tinyllm::runner::detail {

// Returns bubblewrap's path ("bwrap" on PATH), or "" when it is not installed.
std::string bubblewrap_program();

// bubblewrap's arguments, built up in order.
class SandboxView {
 public:
  // The base every sandbox has: namespaces (all but cgroup), --die-with-parent, a new session, the
  // caller's PID 1 (--as-pid-1), the system's folders read-only (/usr and its merged-/usr links,
  // the dynamic loader's cache), /proc, and /dev: a run's has /dev's few nodes and a private
  // /dev/shm of `shm_mb`; a compiler's, /dev/null alone (an #include of /dev/zero finds nothing to
  // read).
  enum class Devices { Run, Compiler };
  SandboxView(Devices devices, double shm_mb);
  void read_only(const std::filesystem::path& host, const std::string& inside);
  void writable(const std::filesystem::path& host, const std::string& inside);
  void tmpfs(const std::string& inside, double size_mb);
  void chdir(const std::string& inside);
  // The whole command: bubblewrap, the view, then `program` (launcher and program).
  std::vector<std::string> command(const std::vector<std::string>& program) const;

 private:
  std::vector<std::string> args_;
};

// Returns `path` when the runs' uid can read it where it is (always, unless the grader is root),
// else a copy of it (file or folder) that it can: made once per grader process, in a folder of the
// system's temporary folder that is removed when the grader ends. As root, runs take a private
// uid, and bubblewrap, started with it, must reach everything it binds.
std::filesystem::path reachable_by_runs(const std::filesystem::path& path);

// The staging folders are "<temp>/tinyllm-staging-<pid>-XXXXXX". Removes those of this user whose
// grader has ended without removing its own (killed by a signal: a cancelled Slurm task, SIGKILL,
// runs no destructor); a folder whose process still runs, or of another user, is left alone. The
// grader calls it before it makes its own.
inline constexpr std::string_view kStagingPrefix = "tinyllm-staging-";
void remove_stale_staging(const std::filesystem::path& temp);

// Returns a folder for runs' folders: `wanted` when the runs' uid can enter it, else one in the
// grader's temporary staging folder.
std::filesystem::path reachable_scratch(const std::filesystem::path& wanted);

}  // namespace tinyllm::runner::detail
