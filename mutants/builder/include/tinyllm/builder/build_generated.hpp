// Builds the schema library, its listing schema.json and the manifest generated.json
// (docs/mutants.md, "Building the schema library").
#pragma once
#include <cstddef>
#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tinyllm::builder {

// The one error type of the build: its message says what went wrong and what to do; only
// tinyllm-build-generated's main turns it into an exit status.
struct BuildError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file name of every variant library (the folder tells them apart; runner/ loads it).
inline constexpr const char* kVariantLibraryName = "libtinyllm_oracle.so";
// The manifest's file name inside the variants folder.
inline constexpr const char* kManifestName = "generated.json";

struct BuildOptions {
  std::filesystem::path source_root;       // the repository; `files` are relative to it
  std::vector<std::string> files;          // the files to mutate, e.g. default_module_files()
  std::filesystem::path compile_commands;  // the build's compile_commands.json
  // The reference library's objects in its link order; a module file's object is replaced.
  std::vector<std::filesystem::path> reference_objects;
  std::vector<std::string> link_command;  // the linker driver and the reference's link flags
  std::filesystem::path variants_dir;     // where the libraries and the manifest go
  std::filesystem::path cache_dir;        // objects, header scans and link stamps
  std::filesystem::path depfile;          // when set, the files read, for Ninja
  // mutants/schema: prelude.hpp, token.hpp, runtime.cpp (schema_build.cpp).
  std::filesystem::path schema_dir;
  // The pitfalls and wheats (mutants/catalog.toml): the schema library switches them too.
  std::filesystem::path catalog;
  unsigned jobs = 0;                 // parallel compiles; 0: hardware threads
  std::ostream* progress = nullptr;  // progress and notes; null: quiet
};

struct BuildSummary {
  std::size_t raw = 0;            // mutants generated
  std::size_t built = 0;          // placed in the schema library: graded
  std::size_t left_out = 0;       // the schema could not hold them (the manifest says why)
  std::size_t compiled = 0;       // objects compiled by this run (the others came from the cache)
  bool manifest_written = false;  // false: the manifest was current and left untouched
  bool schema_linked = false;     // the schema library was linked by this run
};

// Generates the mutants of options.files and builds the schema library; writes the manifest only
// when it or a library changed (so that what depends on it reruns only then). Throws BuildError,
// or std::runtime_error naming a file that cannot be read or written (base/whole_file.hpp).
BuildSummary build_generated_variants(const BuildOptions& options);

// Returns the options in `text`, the file `name` through which CMake tells the tool about the
// build: one "key=value" a line, lists separated by ';' (CMake's lists, written by file(GENERATE)
// so that generator expressions are resolved). Keys: source_root, compile_commands,
// reference_objects, link_command, variants_dir, cache_dir, depfile, schema_dir, and, both
// optional, files (default generator::default_module_files()) and catalog. Throws BuildError
// naming an unknown key or a missing one.
BuildOptions parse_config(const std::string& text, const std::string& name);

}  // namespace tinyllm::builder
