// The file through which CMake tells tinyllm-build-generated about the build: one "key=value" a
// line, lists separated by ';' (CMake's lists, written by file(GENERATE) so that generator
// expressions, e.g. the reference's object files and link options, are resolved).
#pragma once
#include <filesystem>
#include <string>

#include "tinyllm/builder/build_generated.hpp"

namespace tinyllm::builder {

// Returns the options in `text` (the file `name`, for messages). Keys: source_root,
// compile_commands, reference_objects, link_command, variants_dir, cache_dir, depfile, schema_dir,
// and, both optional: files (the module files, default generator::default_module_files()) and
// catalog (BuildOptions says what they are). Throws BuildError naming an unknown key or a missing
// one.
BuildOptions parse_config(const std::string& text, const std::string& name);

}  // namespace tinyllm::builder
