// The module diff: the reference module as `start --from-reference` writes it, compared with the
// learner's files by diffutils' `diff -u` (Debian's, always there).
#include "workspace/module_diff.hpp"

#include <fmt/format.h>

#include <set>

#include "config/errors.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {

namespace {

bool in_module(const fs::path& path) {
  const std::string first = path.begin()->string();
  return first == "src" || first == "include";
}

// Returns the unified diff of `reference` and `yours`, labelled with `path`.
std::string unified_diff(const fs::path& reference, const fs::path& yours, const fs::path& path) {
  const base::ProcessResult r =
      base::run_process({"diff", "-u", "--label", "reference/" + path.generic_string(), "--label",
                         "yours/" + path.generic_string(), reference.string(), yours.string()},
                        60);
  if (r.exit_code != 0 && r.exit_code != 1)
    throw UsageError(
        fmt::format("cannot compare {} with the reference (diff: {}); is diffutils "
                    "installed?",
                    path.generic_string(), r.output));
  return r.output;
}

}  // namespace

std::vector<ModuleFileDiff> diff_module(const Workspace& workspace, const fs::path& source_dir) {
  StartOptions options;
  options.from_reference = true;
  options.example_test = false;
  const fs::path reference_dir = workspace.work_dir() / "diff-reference";
  std::vector<ModuleFileDiff> files;
  std::set<fs::path> reference_paths;
  for (const auto& [path, text] : workspace_files(source_dir, options)) {
    if (!in_module(path)) continue;
    reference_paths.insert(path);
    ModuleFileDiff file;
    file.path = path.generic_string();
    const fs::path yours = workspace.root / path;
    if (!fs::is_regular_file(yours)) {
      file.comparison = FileComparison::MissingInYours;
    } else {
      base::write_whole_file(reference_dir / path, text);
      file.diff = unified_diff(reference_dir / path, yours, path);
      file.comparison = file.diff.empty() ? FileComparison::Same : FileComparison::Differs;
    }
    files.push_back(std::move(file));
  }
  std::set<fs::path> own;  // sorted
  for (const fs::path& folder : {workspace.include_dir, workspace.source_dir})
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      const fs::path path = fs::relative(entry.path(), workspace.root);
      if (entry.is_regular_file() && !reference_paths.count(path)) own.insert(path);
    }
  for (const fs::path& path : own)
    files.push_back({path.generic_string(), FileComparison::OnlyInYours, ""});
  return files;
}

}  // namespace tinyllm::runner
