// The build's way of running a compiler or linker: base::run_process, with a program that cannot
// be started turned into the build's error (its message says what to check).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/base/process.hpp"

namespace tinyllm::builder {

// Returns how `arguments` ran in `directory` (empty: the current folder) with stdin from `input`
// (empty: /dev/null), its output captured through a pipe; throws BuildError when the program
// cannot be started.
base::ProcessResult run_tool(const std::vector<std::string>& arguments,
                             const std::filesystem::path& directory = {},
                             const std::filesystem::path& input = {});

}  // namespace tinyllm::builder
