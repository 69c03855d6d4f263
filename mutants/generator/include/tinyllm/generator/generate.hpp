// Generates operator mutants from C++ source files with Clang's parser (libclang): docs/mutants.md,
// "How it finds operators" and "Ids and output".
#pragma once
#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace tinyllm::generator {

// A point in a source file: 1-based line, 1-based column counted in bytes, 0-based byte offset.
struct SourcePosition {
  int line = 0;
  int column = 0;
  std::size_t offset = 0;
};

// How the schema build writes a mutant's scope S with its mutated text M behind the switch
// (docs/mutants.md, "How a generated mutant is placed").
enum class SchemaForm { Expression, Condition, ValueInitialized, Discarded };

struct GeneratedMutant {
  // "g" followed by the first 10 hex digits of a hash of (file, function, operator_name, original
  // with whitespace collapsed, occurrence): no line number, so an edit elsewhere keeps it.
  std::string id;
  // The same key, readable: "file|function|operator_name|original|#occurrence".
  std::string readable;
  std::string file;           // repository-relative path with '/', e.g. oracle/src/train/cast.cpp
  std::string function;       // qualified name with parameter types, e.g. tinyllm::train::f(int)
  std::string operator_name;  // e.g. cxx_add_to_sub; see operator_names()
  std::string original;       // the exact source text replaced (the file's bytes at [start, end))
  std::string replacement;    // the text put in its place ("" removes it)
  int occurrence = 0;    // index among earlier mutants with the same (function, operator, original)
  SourcePosition start;  // first byte of the replaced text
  SourcePosition end;    // one past its last byte (end exclusive)
  // The scope the schema build switches (it holds [start, end)), and how.
  SourcePosition scope_start, scope_end;
  SchemaForm form = SchemaForm::Expression;
};

struct GeneratorOptions {
  std::filesystem::path root;      // the repository; files and include_dirs are relative to it
  std::vector<std::string> files;  // the sources to mutate, e.g. default_module_files()
  std::vector<std::string> include_dirs = {"oracle/include", "oracle/src"};
  std::vector<std::string> extra_flags;  // more compiler flags, e.g. -DNAME=1
};

// Thrown when a file is missing or does not parse; the message names the file and, for a parse
// error, carries the compiler's diagnostics.
struct GeneratorError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns the module files a learner writes (cast, autocast, loss scaler, accumulation, train
// step, checkpointing), relative to the repository root.
const std::vector<std::string>& default_module_files();

// Returns every operator name the generator can emit, in a fixed order (for --help and counts).
const std::vector<std::string>& operator_names();

// Returns the mutants of options.files in file order, then source order; throws GeneratorError.
std::vector<GeneratedMutant> generate_mutants(const GeneratorOptions& options);

// The generator's machine-readable output: {"format": 1, "files": [...], "mutants": [...]}, the
// JSON document for `mutants` generated from `files`.
nlohmann::json mutants_to_json(const std::vector<std::string>& files,
                               const std::vector<GeneratedMutant>& mutants);

// Returns the mutants of a document made by mutants_to_json (tinyllm-build-generated caches the
// generator's output between builds); throws nlohmann::json::exception when a field is missing or
// has the wrong type.
std::vector<GeneratedMutant> mutants_from_json(const nlohmann::json& document);

}  // namespace tinyllm::generator
