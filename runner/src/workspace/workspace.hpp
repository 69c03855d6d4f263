// A learner's workspace (docs/workspace.md): the folder `tinyllm-grade start` writes and `check`
// reads, holding the learner's module (include/, src/) and their tests (tests/).
#pragma once
#include <array>
#include <filesystem>
#include <string_view>
#include <vector>

namespace tinyllm::runner {

namespace fs = std::filesystem;

// The file that marks a folder as a workspace, and its whole content as `start` writes it.
inline constexpr std::string_view workspace_marker = "tinyllm-workspace.toml";
inline constexpr std::string_view workspace_marker_text = "# tinyllm workspace\nformat = 1\n";
// The module's public headers, relative to the workspace's include/.
inline constexpr std::array<std::string_view, 2> workspace_module_headers = {
    "tinyllm/train/precision.hpp", "tinyllm/train/recompute.hpp"};
// The module sources every workspace has, relative to its src/ (`start` writes them).
inline constexpr std::array<std::string_view, 6> workspace_required_sources = {
    "cast.cpp",       "autocast.cpp",   "loss_scaler.cpp",
    "accumulate.cpp", "train_step.cpp", "checkpoint.cpp"};

struct Workspace {
  fs::path root, include_dir, source_dir, tests_dir;
  std::vector<fs::path> module_sources;  // every src/**/*.cpp, sorted
  std::vector<fs::path> test_sources;    // every .cpp/.cc/.cxx under tests/, sorted; may be empty

  // What the grader keeps for the workspace (root/.tinyllm), and in it the module's one build,
  // which `check` and `milestone` share.
  fs::path work_dir() const { return root / ".tinyllm"; }
  fs::path module_dir() const { return work_dir() / "module"; }
};

// Returns the workspace in `dir` (paths absolute). Throws UsageError saying what is wrong and what
// to do: not a folder, no tinyllm-workspace.toml, a format this grader does not read, a module
// header or one of the required module sources missing.
Workspace open_workspace(const fs::path& dir);

}  // namespace tinyllm::runner
