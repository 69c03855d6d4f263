// Linking a generated mutant's variant library: its object in place of its file's reference
// object, every other reference object as they are, with the reference library's link flags.
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/builder/build_generated.hpp"

namespace tinyllm::builder {

// Returns the command that links `objects` into the shared library `output` with soname
// kVariantLibraryName: `link_command` (the driver and the reference's flags, sanitizers
// included), -shared, and --strip-debug. Debug information would make each of hundreds of
// libraries 6 MB instead of 0.3 MB, and nothing reads it: a grade only runs the tests.
std::vector<std::string> link_arguments(const std::vector<std::string>& link_command,
                                        const std::vector<std::filesystem::path>& objects,
                                        const std::filesystem::path& output);

struct MutantToLink {
  std::string id;
  std::filesystem::path reference_object;  // the object it replaces
  std::filesystem::path object;            // the mutant's object
};

struct LinkOutcome {
  std::size_t linked = 0;   // libraries linked now (the others' inputs had not changed)
  std::size_t removed = 0;  // folders of generated mutants not in `mutants`, deleted
};

// Links each of `mutants` into options.variants_dir/<id>/kVariantLibraryName unless the library
// is there and was linked from objects with the same bytes and the same command, then deletes
// the folders of generated mutants (named g + 10 hex digits) that are not in `mutants`.
LinkOutcome link_variants(const BuildOptions& options, const std::vector<MutantToLink>& mutants);

// Links `objects` into options.variants_dir/<variant>/kVariantLibraryName unless the library
// there was linked from objects with the same bytes by the same command; returns whether it
// linked. For the libraries made of several rebuilt objects (the probe and schema libraries).
bool link_library(const BuildOptions& options, const std::string& variant,
                  const std::vector<std::filesystem::path>& objects);

// Returns whether `name` is a generated mutant's id ("g" and 10 lowercase hex digits).
bool is_generated_id(const std::string& name);

}  // namespace tinyllm::builder
