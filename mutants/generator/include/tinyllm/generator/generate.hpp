// Generates operator mutants from C++ source files with Clang's parser (libclang), so an operator
// is mutated only where the parser says it is that operator: never in a string, a comment, an
// #include, a template argument list, a header, or outside a function body.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::generator {

struct GeneratorOptions {
  std::filesystem::path root;      // the repository; files and include_dirs are relative to it
  std::vector<std::string> files;  // the sources to mutate, e.g. default_module_files()
  std::vector<std::string> include_dirs = {"oracle/include", "oracle/src"};
  std::vector<std::string> extra_flags;  // more compiler flags, e.g. -DNAME=1
};

// Thrown when a file is missing or does not parse; the message names the file and, for a parse
// error, carries the compiler's diagnostics.
class GeneratorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Returns the module files a learner writes (cast, autocast, loss scaler, accumulation, train
// step, checkpointing), relative to the repository root.
const std::vector<std::string>& default_module_files();

// Returns every operator name the generator can emit, in a fixed order (for --help and counts).
const std::vector<std::string>& operator_names();

// Returns the mutants of options.files in file order, then source order; throws GeneratorError.
std::vector<GeneratedMutant> generate_mutants(const GeneratorOptions& options);

}  // namespace tinyllm::generator
