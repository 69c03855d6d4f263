// Opening a learner's workspace: every check a folder must pass before `check` compiles it.
#include "workspace/workspace.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "config/errors.hpp"

namespace tinyllm::runner {

namespace {

// Returns the files under `dir` (recursively) whose extension is one of `extensions`, sorted.
std::vector<fs::path> files_under(const fs::path& dir,
                                  std::initializer_list<std::string_view> extensions) {
  std::set<fs::path> found;
  if (fs::is_directory(dir))
    for (const auto& entry : fs::recursive_directory_iterator(dir))
      if (entry.is_regular_file() &&
          std::ranges::count(extensions, entry.path().extension().string()))
        found.insert(entry.path());
  return {found.begin(), found.end()};
}

// Returns the value of the marker's `format = N` line, or -1 when there is none.
int marker_format(const fs::path& marker) {
  std::ifstream in(marker);
  std::string line;
  while (std::getline(in, line)) {
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    std::istringstream words(line.substr(start));
    std::string key, equals;
    int value = 0;
    if (words >> key >> equals >> value && key == "format" && equals == "=") return value;
  }
  return -1;
}

std::string how_to_restore(std::string_view what) {
  return fmt::format(
      "to get it back, run `tinyllm-grade start NEW_DIR` into another folder and copy {} from "
      "there",
      what);
}

}  // namespace

Workspace open_workspace(const fs::path& dir) {
  if (!fs::is_directory(dir))
    throw UsageError(
        fmt::format("{} is not a folder: give the folder of a workspace (make one "
                    "with `tinyllm-grade start DIR`)",
                    dir.string()));
  Workspace w;
  w.root = fs::absolute(dir).lexically_normal();
  const fs::path marker = w.root / workspace_marker;
  if (!fs::is_regular_file(marker))
    throw UsageError(
        fmt::format("not a workspace: {} has no {}; run `tinyllm-grade start DIR` to "
                    "make one, or give the folder `start` wrote",
                    w.root.string(), workspace_marker));
  if (const int format = marker_format(marker); format != 1)
    throw UsageError(fmt::format(
        "{}: {}; this grader reads workspaces of format 1 (the line `format = 1`): restore "
        "the file's text \"{}\"",
        marker.string(),
        format < 0 ? std::string("no `format = N` line") : fmt::format("format {}", format),
        "# tinyllm workspace\\nformat = 1\\n"));
  w.include_dir = w.root / "include";
  w.source_dir = w.root / "src";
  w.tests_dir = w.root / "tests";
  for (std::string_view header : workspace_module_headers)
    if (!fs::is_regular_file(w.include_dir / header))
      throw UsageError(fmt::format("the workspace's module header include/{} is missing: {}",
                                   header, how_to_restore("include/" + std::string(header))));
  for (std::string_view source : workspace_required_sources)
    if (!fs::is_regular_file(w.source_dir / source))
      throw UsageError(fmt::format(
          "the workspace's module source src/{} is missing (every workspace has src/{{{}}}): {}",
          source, fmt::join(workspace_required_sources, ","),
          how_to_restore("src/" + std::string(source))));
  w.module_sources = files_under(w.source_dir, {".cpp"});
  w.test_sources = files_under(w.tests_dir, {".cpp", ".cc", ".cxx"});
  return w;
}

}  // namespace tinyllm::runner
