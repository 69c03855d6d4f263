// The steps of build_generated_variants: the files it compiles, their compiles, the library.
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tinyllm/base/process.hpp"
#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/builder/compile_command.hpp"
#include "tinyllm/generator/generate.hpp"

namespace tinyllm::builder {

// Returns how `arguments` ran in `directory` (empty: the current folder) with stdin from `input`
// (empty: /dev/null), its output captured through a pipe; throws BuildError when the program
// cannot be started.
base::ProcessResult run_tool(const std::vector<std::string>& arguments,
                             const std::filesystem::path& directory = {},
                             const std::filesystem::path& input = {});

// One module file: its reference command and the headers it reads (with their hash).
struct ModuleFile {
  std::string name;  // relative to the source root, as the generator names it
  ReferenceCompile reference;
  ModuleHeaders headers;
};

// Returns the files the schema library compiles with its switch, each with its reference command
// and the headers of each group of files with the same flags: options.files (the files mutated)
// and every other source of the oracle that holds a pitfall's or a wheat's guard.
std::vector<ModuleFile> prepare_module_files(const BuildOptions& options);

// What the compiles of one build did.
struct Compiles {
  std::set<std::string> used;  // cache entries this run needs (the rest go)
  std::size_t compiled = 0;    // objects compiled now (the others came from the cache)
};

// Returns the object of `source` compiled from stdin with `file`'s reference flags, from
// options.cache_dir/objects (keyed by what decides its bytes) or compiled now; a source that does
// not compile returns nothing and the compiler's output (and command) through `diagnostics`.
std::optional<std::filesystem::path> try_compile_source(const BuildOptions& options,
                                                        const ModuleFile& file,
                                                        const std::string& source,
                                                        std::string& diagnostics,
                                                        Compiles& compiles);

struct SchemaOutcome {
  std::map<std::string, std::string> left_out;  // generated mutants it cannot hold -> why
  bool linked = false;                          // the library was linked by this run
  bool written = false;                         // schema.json changed
};

// Builds options.variants_dir/schema/ (each module file composed with every mutant behind the
// runtime switch, compiled once, the switch's runtime, the link) and variants/schema.json, which
// says which variants the library holds and the number each has in it, and which build of the
// reference each binary wheat runs on (oracle/wheats.cmake). Adds its objects to compiled.used.
// Throws BuildError when a file does not compile even with none of its generated mutants in place.
SchemaOutcome build_schema_library(const BuildOptions& options,
                                   const std::vector<ModuleFile>& files,
                                   const std::vector<generator::GeneratedMutant>& mutants,
                                   Compiles& compiled);

}  // namespace tinyllm::builder
