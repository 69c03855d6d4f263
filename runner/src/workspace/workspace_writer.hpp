// What `tinyllm-grade start` writes (docs/workspace.md): a learner's workspace with the module
// stubbed, or, for instructors and tests (--from-reference), the reference module with chosen
// pitfalls written in as a learner would have.
#pragma once
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tinyllm::runner {

struct StartOptions {
  bool from_reference = false;  // the reference module instead of stubs
  std::set<int> pitfalls;       // with from_reference: the pitfall mutants written in (sNN: N)
  bool example_test = true;     // tests/example_test.cpp (false: an empty tests/)
};

// Returns the workspace's files (path relative to the workspace -> text), read from the
// repository in `source_dir`: runner/workspace_template/ (stubs, README, example test) and the
// oracle's module (build_info::module_*). Throws UsageError when a file is missing there, and
// std::runtime_error when a module source's sites cannot be resolved.
std::map<std::filesystem::path, std::string> workspace_files(
    const std::filesystem::path& source_dir, const StartOptions& options);

// Returns the ids of `list` ("s07,s12"), each a pitfall with a site in the reference module in
// `source_dir`. Throws UsageError naming the known ids for any other.
std::set<int> parse_pitfall_list(std::string_view list, const std::filesystem::path& source_dir);

// Writes `files` into `dir` (created). Throws UsageError, writing nothing, when `dir` exists and is
// not an empty folder.
void write_workspace(const std::filesystem::path& dir,
                     const std::map<std::filesystem::path, std::string>& files);

// Returns the pieces of `list` separated by `separator`, empty pieces left out.
std::vector<std::string> split_list(std::string_view list, char separator);

}  // namespace tinyllm::runner
