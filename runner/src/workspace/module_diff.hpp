// `tinyllm-grade diff DIR`: the learner's module beside the reference's, file by file. The
// reference is shown as a learner would have written it (its pitfall sites resolved as plain
// code, as `start --from-reference` writes it).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "workspace/workspace.hpp"

namespace tinyllm::runner {

enum class FileComparison { Same, Differs, MissingInYours, OnlyInYours };

struct ModuleFileDiff {
  std::string path;  // relative to the workspace: "src/cast.cpp"
  FileComparison comparison = FileComparison::Same;
  std::string diff;  // with Differs: a unified diff, `-` the reference's lines, `+` yours
};

// Returns the module's files (the reference's module headers and sources, then any other file of
// the learner's include/ and src/) compared with the reference module of the repository in
// `source_dir`. Writes the reference's files under DIR/.tinyllm/diff-reference/. Throws
// UsageError when `diff` cannot be run.
std::vector<ModuleFileDiff> diff_module(const Workspace& workspace,
                                        const std::filesystem::path& source_dir);

}  // namespace tinyllm::runner
