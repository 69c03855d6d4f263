// The schema library's build step (docs/mutants.md, "One library for every mutant"), run by
// build_generated_variants: each module file composed with every mutant behind the runtime switch
// (schema_source.hpp) and compiled once, the switch's runtime, the link into
// variants/schema/libtinyllm_oracle.so, and variants/schema.json, which says which variants the
// library holds and the number each has in it (the manifest says why a generated mutant is not
// in it), and which build of the reference each binary wheat runs on (oracle/wheats.cmake).
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "module_files.hpp"
#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

// The schema library's folder name in the variants folder, and its listing beside it.
inline constexpr const char* kSchemaVariant = "schema";
inline constexpr const char* kSchemaListingName = "schema.json";

struct SchemaOutcome {
  std::map<std::string, int> numbers;  // every variant in the library (pitfalls, semantic wheats
                                       // and generated mutants) -> its number
  std::size_t placed = 0;              // generated mutants in the library
  std::map<std::string, std::string> left_out;  // generated mutants it cannot hold -> why
  bool linked = false;                          // the library was linked by this run
  bool written = false;                         // schema.json changed
};

// Builds options.variants_dir/schema/ and schema.json when options.schema_dir is set (else does
// nothing). Adds its objects to compiled.used. Throws BuildError when a file does not compile
// even with none of its generated mutants in place.
SchemaOutcome build_schema_library(const BuildOptions& options,
                                   const std::vector<ModuleFile>& files,
                                   const std::vector<generator::GeneratedMutant>& mutants,
                                   Compiles& compiled);

}  // namespace tinyllm::builder
