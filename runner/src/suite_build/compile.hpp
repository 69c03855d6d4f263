// Compiles a learner's suite once, against the oracle's headers, and links it against the
// reference library without an RPATH, so each run picks its library with LD_LIBRARY_PATH.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "sandbox/compiler_call.hpp"

namespace tinyllm::runner {

struct Toolchain {
  std::string compiler;                // g++ or clang++
  std::vector<std::string> cxx_flags;  // -std=c++20 ...
  std::vector<std::filesystem::path> include_dirs;
  // What a suite may include from them (learner_includes): the sandbox shows these alone; and
  // that, in a learner's words, for the include policy's message.
  std::vector<std::filesystem::path> includable;
  std::string includable_in_words =
      "a suite may include its own files, <tinyllm/...>, \"generators.hpp\", the standard "
      "library, GoogleTest and RapidCheck";
  // Folders of the learner's besides the suite's (a workspace's headers), whose #include lines a
  // refusal names.
  std::vector<std::filesystem::path> learner_folders;
  std::filesystem::path reference_library_dir;  // holds libtinyllm_oracle.so
  // After -ltinyllm_oracle: the probe listener's object, then the libraries.
  std::vector<std::string> link_libraries;
  CompilerSandbox sandbox;  // each compiler or linker call: isolation, limits, time
  // The flags that read the build's precompiled header of what every suite includes
  // (precompiled_header.hpp); empty: none, suites are compiled without.
  std::vector<std::string> precompiled_header;
};

// Returns what a learner's suite may include, besides the suite's own folder: the oracle's public
// headers (<tinyllm/...>, oracle/include) and the course's RapidCheck generators
// (properties/generators.hpp, not the course's tests beside it). Never the repository root: the
// oracle's internals (oracle/src) stay out of reach, so a suite tests the public contract alone.
std::vector<std::filesystem::path> learner_includes(const std::filesystem::path& source_dir);
// ... and the folders it is compiled with (-I): learner_includes, a file's being its folder.
std::vector<std::filesystem::path> learner_include_dirs(const std::filesystem::path& source_dir);

// Returns the toolchain this grader was built with, for the oracle at `source_dir`/`build_dir`,
// with the build's precompiled header when it was built for exactly that toolchain, and the
// sandbox the caller sets (plain with the default limits until then).
Toolchain default_toolchain(const std::filesystem::path& source_dir,
                            const std::filesystem::path& build_dir);

struct SuiteBuild {
  bool ok = false;
  std::filesystem::path executable;
  int units = 0;                    // translation units compiled (1: the suite as one unit)
  bool precompiled_header = false;  // compiled with the toolchain's precompiled header
  // The compiler's and linker's own messages about the suite's files (bounded), or why a call was
  // stopped or refused (an #include outside what a suite may include).
  std::string diagnostics;
  double seconds = 0;
};

// Returns the suite's C++ sources: every .cpp, .cc and .cxx under `suite_dir`, sorted.
std::vector<std::filesystem::path> suite_sources(const std::filesystem::path& suite_dir);

// Compiles `sources` into `out_dir`/suite: as one translation unit that includes each source by
// its absolute path; when that fails (two files defining the same names), the files its errors
// point into alone and the rest as one unit; when that fails too, file by file, whose diagnostics
// are then kept. Each step reads the toolchain's precompiled header when it has one and the suite
// sets no macro before its includes; when every step fails with it, they are taken again without
// it. `jobs` compilers at a time.
SuiteBuild compile_suite(const Toolchain& toolchain, const std::filesystem::path& suite_dir,
                         const std::vector<std::filesystem::path>& sources,
                         const std::filesystem::path& out_dir, int jobs);

}  // namespace tinyllm::runner
