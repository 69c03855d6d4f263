// Building a learner's module (tinyllm-grade check, docs/workspace.md): each src/**/*.cpp compiled
// against the workspace's headers and the foundation's, the contract check beside them, all linked
// with the whole foundation into the learner's own libtinyllm_oracle.so.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "sandbox/compiler_call.hpp"
#include "workspace/workspace.hpp"

namespace tinyllm::runner {

struct ModuleToolchain {
  std::string compiler;             // build_info::cxx_compiler
  std::vector<std::string> flags;   // build_info::module_cxx_flags, split
  fs::path foundation_include_dir;  // <build>/foundation/include
  fs::path foundation_archive;      // <build>/foundation/libtinyllm_foundation.a
  fs::path contract_check_source;   // <source>/runner/workspace_template/contract_check.cpp
  CompilerSandbox sandbox;          // each compile and the link: isolation, limits, time
};

// Returns the toolchain of this build of the grader for the oracle's build and source folders.
ModuleToolchain default_module_toolchain(const fs::path& build_dir, const fs::path& source_dir);

struct ModuleBuild {
  bool ok = false;
  fs::path library;         // out_dir/libtinyllm_oracle.so when ok
  std::string diagnostics;  // the compiler's and the linker's text, workspace paths relative
  std::vector<std::string> problems;  // translated, one line each (a file that does not compile,
                                      // a changed declaration, a function defined twice, ...)
  double seconds = 0;
};

// Builds the module of `workspace` in `out_dir` (created; objects/ keeps each object under the
// hash of what made it, so an unchanged source is not compiled again), `jobs` compiles at a time
// (0: one per core).
// A module that does not compile or link is a ModuleBuild with ok false, not an exception; a
// missing foundation is a UsageError.
ModuleBuild build_module(const Workspace& workspace, const ModuleToolchain& toolchain,
                         const fs::path& out_dir, int jobs);

}  // namespace tinyllm::runner
