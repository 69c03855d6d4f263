// The headers the module files read: their bytes key the builder's cache (an object compiled
// before holds only while every header it read is the same) and go in the depfile, so that an
// edited header rebuilds the schema library.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/builder/compile_command.hpp"

namespace tinyllm::builder {

struct ModuleHeaders {
  // A hash of the compile flags and of the bytes of every header the files' includes read.
  std::string key;
  std::vector<std::filesystem::path> headers;  // those headers, absolute
  std::string cache_entry;                     // the scan's folder in the cache (keep it)
};

// Returns the #include lines of `sources`, each once, in the order first seen.
std::string prefix_header_text(const std::vector<std::filesystem::path>& sources);

// Finds the headers that `sources` (compiled with `reference`'s flags, all in the same folder)
// include, with the compiler's dependency scan of their #include lines, in a folder under
// `cache_dir`. Throws BuildError when the includes cannot be found (the sources would not compile
// either).
ModuleHeaders find_module_headers(const ReferenceCompile& reference,
                                  const std::vector<std::filesystem::path>& sources,
                                  const std::filesystem::path& cache_dir);

}  // namespace tinyllm::builder
