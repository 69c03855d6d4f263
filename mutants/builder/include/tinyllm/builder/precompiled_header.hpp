// A precompiled header of the module files' includes, so that each of the hundreds of mutant
// compiles does not parse the same headers again (it halves the compile; the objects are the same
// bytes, which the build checks on each file's unmutated source before it uses the header).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/builder/compile_command.hpp"

namespace tinyllm::builder {

enum class CompilerKind { Gnu, Clang, Other };

// Returns which compiler `compiler` is, from its --version text.
CompilerKind compiler_kind(const std::string& compiler);

struct PrecompiledHeader {
  // Added to a stdin compile to use it: "-include <header>" (g++ finds <header>.gch beside it)
  // or "-include-pch <header>.pch" (clang++). Empty when there is none (then `note` says why).
  std::vector<std::string> flags;
  // A hash of the compile flags and of the bytes of every header the files' includes read: a
  // cached object is valid only under the same key.
  std::string headers_key;
  std::vector<std::filesystem::path> headers;  // those headers, absolute
  std::vector<std::string> cache_entries;      // the folders of the cache it uses (keep them)
  std::string note;
};

// Returns the #include lines of `sources`, each once, in the order first seen.
std::string prefix_header_text(const std::vector<std::filesystem::path>& sources);

// Finds the headers that `sources` (compiled with `reference`'s flags, all in the same folder)
// include and, when `build` is set and the compiler is g++ or clang++, returns a precompiled
// header of them, built under `cache_dir` unless an up-to-date one is there. A header that fails
// to build is not fatal: the compiles run without it. Throws BuildError when the includes cannot
// be found (the sources would not compile either).
PrecompiledHeader prepare_precompiled_header(const ReferenceCompile& reference,
                                             const std::vector<std::filesystem::path>& sources,
                                             bool build, const std::filesystem::path& cache_dir);

}  // namespace tinyllm::builder
