// The compile phase of the generated variants' build: each module file's baseline and mutants
// compiled from stdin with the reference's flags, in a cache keyed by what decides the bytes.
#pragma once
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/builder/compile_command.hpp"
#include "tinyllm/builder/precompiled_header.hpp"
#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

// One module file: its reference command and the headers it reads (with their hash).
struct ModuleFile {
  std::string name;  // relative to the source root, as the generator names it
  ReferenceCompile reference;
  PrecompiledHeader header;
};

// Finds each file's reference command and prepares one precompiled header per folder and flags.
std::vector<ModuleFile> prepare_module_files(const BuildOptions& options);

struct CompiledMutants {
  std::vector<std::filesystem::path> baselines;  // per module file, the unmutated object
  std::vector<std::filesystem::path> objects;    // per mutant, in generator order
  std::set<std::string> used;                    // cache entries this run needs (the rest go)
  std::size_t compiled = 0;
};

// Returns `text` with `mutant` applied, an operator's or literal's scope in parentheses (the
// schema's expression, generated_mutant.hpp); throws BuildError when the file no longer holds the
// mutant's original text at its offsets.
std::string mutated_source(const std::string& text, const generator::GeneratedMutant& mutant);

// Returns the object of `source` compiled with `file`'s reference flags (no precompiled header),
// from options.cache_dir/objects or compiled now, `phase` naming the work in the progress and
// `labels` (parallel to `sources`) naming each source in an error. Adds the objects' cache entries
// to `used` and returns how many were compiled through `compiled`.
std::vector<std::filesystem::path> compile_sources(const BuildOptions& options,
                                                   const std::vector<const ModuleFile*>& files,
                                                   const std::vector<std::string>& sources,
                                                   const std::vector<std::string>& labels,
                                                   const std::string& phase,
                                                   CompiledMutants& compiled);

// Like compile_sources for one source, but a source that does not compile is no error: returns
// nothing and the compiler's output (and command) through `diagnostics`.
std::optional<std::filesystem::path> try_compile_source(const BuildOptions& options,
                                                        const ModuleFile& file,
                                                        const std::string& source,
                                                        std::string& diagnostics,
                                                        CompiledMutants& compiled);

// Compiles (or finds in options.cache_dir/objects) every file's baseline and every mutant.
CompiledMutants compile_mutants(const BuildOptions& options, const std::vector<ModuleFile>& files,
                                const std::vector<generator::GeneratedMutant>& mutants);

}  // namespace tinyllm::builder
