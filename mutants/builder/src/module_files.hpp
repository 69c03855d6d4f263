// The files the builder compiles, and their compiles: a composed source (schema_source.hpp)
// compiled from stdin with its file's reference flags, in a cache keyed by what decides the
// object's bytes.
#pragma once
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/builder/compile_command.hpp"
#include "tinyllm/builder/module_headers.hpp"

namespace tinyllm::builder {

// One module file: its reference command and the headers it reads (with their hash).
struct ModuleFile {
  std::string name;  // relative to the source root, as the generator names it
  ReferenceCompile reference;
  ModuleHeaders headers;
};

// Returns the files the schema library compiles with its switch: options.files (the files
// mutated) and every other source of the oracle that holds a pitfall's or a wheat's guard.
std::vector<std::string> switched_files(const BuildOptions& options);

// The switched files with each one's reference command and the headers of each group of files
// with the same flags.
std::vector<ModuleFile> prepare_module_files(const BuildOptions& options);

// What the compiles of one build did.
struct Compiles {
  std::set<std::string> used;  // cache entries this run needs (the rest go)
  std::size_t compiled = 0;    // objects compiled now (the others came from the cache)
};

// Returns the object of `source` compiled with `file`'s reference flags, from
// options.cache_dir/objects or compiled now; a source that does not compile returns nothing and
// the compiler's output (and command) through `diagnostics`.
std::optional<std::filesystem::path> try_compile_source(const BuildOptions& options,
                                                        const ModuleFile& file,
                                                        const std::string& source,
                                                        std::string& diagnostics,
                                                        Compiles& compiles);

}  // namespace tinyllm::builder
