// Linking the schema library from rebuilt module objects: those objects in
// place of their files' reference objects, every other reference object as it is, with the
// reference library's link flags.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/builder/build_generated.hpp"

namespace tinyllm::builder {

// Returns the command that links `objects` into the shared library `output` with soname
// kVariantLibraryName: `link_command` (the driver and the reference's flags, sanitizers
// included), -shared, and --strip-debug: nothing reads debug information (a grade only runs the
// tests), and a suite must not tell the libraries apart by it.
std::vector<std::string> link_arguments(const std::vector<std::string>& link_command,
                                        const std::vector<std::filesystem::path>& objects,
                                        const std::filesystem::path& output);

// Links `objects` into options.variants_dir/<variant>/kVariantLibraryName unless the library
// there was linked from objects with the same bytes by the same command; returns whether it
// linked.
bool link_library(const BuildOptions& options, const std::string& variant,
                  const std::vector<std::filesystem::path>& objects);

}  // namespace tinyllm::builder
