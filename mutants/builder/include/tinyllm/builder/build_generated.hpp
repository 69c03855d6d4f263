// Builds the generated mutants of the module's files: the schema library that holds them and the
// pitfalls behind a runtime switch (<variants_dir>/schema/), a library of its own for each mutant
// it cannot hold (or for all, with own_libraries: <variants_dir>/<id>/libtinyllm_oracle.so), and
// the manifest <variants_dir>/generated.json that says what became of every mutant
// (docs/mutants.md).
#pragma once
#include <cstddef>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace tinyllm::builder {

// The file name of every variant library (the folder tells them apart; runner/ loads it).
inline constexpr const char* kVariantLibraryName = "libtinyllm_oracle.so";
// The manifest's file name inside the variants folder.
inline constexpr const char* kManifestName = "generated.json";

struct BuildOptions {
  std::filesystem::path source_root;       // the repository; `files` are relative to it
  std::vector<std::string> files;          // the files to mutate, e.g. default_module_files()
  std::filesystem::path compile_commands;  // the build's compile_commands.json
  // The reference library's objects in its link order; a mutant replaces its file's object.
  std::vector<std::filesystem::path> reference_objects;
  std::vector<std::string> link_command;  // the linker driver and the reference's link flags
  std::filesystem::path variants_dir;     // where the libraries and the manifest go
  std::filesystem::path cache_dir;        // objects, precompiled headers and link stamps
  std::filesystem::path depfile;          // when set, the files read, for Ninja
  // When set (mutants/probe: runtime.cpp and prelude.hpp), the probe library is built too
  // (probe_library.hpp), with the pitfall sites of `catalog` when that is set.
  std::filesystem::path probe_dir;
  std::filesystem::path catalog;
  // When set (mutants/schema: prelude.hpp, token.hpp, runtime.cpp), the schema library is built
  // too: one library holding every mutant behind a runtime switch (schema_build.hpp).
  std::filesystem::path schema_dir;
  // Every generated mutant also compiled and linked on its own (variants/<id>/), and classified
  // by trivial compiler equivalence; false: only the mutants the schema cannot hold are.
  bool own_libraries = false;
  // Generated mutants given a library of their own as well as their place in the schema (the
  // test that compares the two, tests/mutants/schema_equals_own_test.cpp).
  std::set<std::string> own_ids;
  unsigned jobs = 0;                 // parallel compiles and links; 0: hardware threads
  bool precompiled_header = true;    // false compiles every mutant without one
  std::ostream* progress = nullptr;  // progress and notes; null: quiet
};

struct BuildSummary {
  std::size_t raw = 0;            // mutants generated
  std::size_t equivalent = 0;     // object equal to the reference's: no library
  std::size_t duplicate = 0;      // object equal to an earlier mutant's: no library
  std::size_t built = 0;          // graded: in the schema library or in one of their own
  std::size_t own_libraries = 0;  // built mutants with a library of their own
  std::size_t compiled = 0;       // objects compiled by this run (the others came from the cache)
  std::size_t linked = 0;         // libraries linked by this run (the others were up to date)
  std::size_t removed = 0;        // libraries of mutants that no longer exist, deleted
  bool manifest_written = false;  // false: the manifest was current and left untouched
  std::size_t probe_sites = 0;    // sites of the probe library (0: none built)
  bool probe_linked = false;      // the probe library was linked by this run
  std::size_t schema_placed = 0;  // generated mutants in the schema library
  std::size_t schema_left_out = 0;
  bool schema_linked = false;  // the schema library was linked by this run
};

// Generates the mutants of options.files and builds the schema library; compiles with the
// reference's command (cached by its flags, source and headers) and links on its own each mutant
// the schema cannot hold, or every mutant with options.own_libraries (then dropping equivalent and
// duplicate ones by their object bytes); deletes the libraries of mutants that are gone or no
// longer need one, and writes the manifest when it
// or a library changed (so that what depends on it reruns only then); with options.probe_dir,
// also the probe library and variants/probe.json (probe_library.hpp). Throws BuildError, or
// std::runtime_error naming a file that cannot be read or written (base/whole_file.hpp).
BuildSummary build_generated_variants(const BuildOptions& options);

}  // namespace tinyllm::builder
