// The reference's compile command of a source file (compile_commands.json), rewritten to compile
// a composed copy from stdin, and the headers the module files read, which key the cache.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tinyllm::builder {

struct ReferenceCompile {
  std::filesystem::path source;     // the file compiled (absolute)
  std::filesystem::path object;     // the reference object it produces (absolute)
  std::filesystem::path directory;  // the folder the command runs in
  // The compiler and every flag, without the parts that name files: -o, -c, -MD/-MMD, -MT/-MQ/-MF
  // and the source itself. Only the flags decide the object's bytes.
  std::vector<std::string> command;
};

// Splits a command line as a POSIX shell splits words ('single', "double" quotes, backslashes),
// which is how CMake quotes the "command" entries of compile_commands.json.
std::vector<std::string> split_command_line(const std::string& line);

// Returns the command of `database` (a parsed compile_commands.json) that compiles `source` into
// one of `reference_objects`: a file compiled by several targets (the reference and pitfall
// variants) has one entry each, and only the reference's produces a reference object. Throws
// BuildError when there is none.
ReferenceCompile find_reference_compile(
    const nlohmann::json& database, const std::filesystem::path& source,
    const std::vector<std::filesystem::path>& reference_objects);

// Returns the arguments that compile the source read from stdin into `object` with `reference`'s
// flags plus: -g0 (no debug information, which names the file and would make equal code differ),
// -w (a mutant's warnings are expected noise), -iquote of the original folder (its "..."
// includes still resolve), and `extra`.
std::vector<std::string> stdin_compile_arguments(const ReferenceCompile& reference,
                                                 const std::filesystem::path& object,
                                                 const std::vector<std::string>& extra);

struct ModuleHeaders {
  // A hash of the compile flags and of the bytes of every header the files' includes read.
  std::string key;
  std::vector<std::filesystem::path> headers;  // those headers, absolute
  std::string cache_entry;                     // the scan's folder in the cache (keep it)
};

// Returns the #include lines of `sources`, each once, in the order first seen.
std::string prefix_header_text(const std::vector<std::filesystem::path>& sources);

// Finds the headers that `sources` (compiled with `reference`'s flags, all in the same folder)
// include, with the compiler's dependency scan of their #include lines, in a folder under
// `cache_dir`. Throws BuildError when the includes cannot be found (the sources would not compile
// either).
ModuleHeaders find_module_headers(const ReferenceCompile& reference,
                                  const std::vector<std::filesystem::path>& sources,
                                  const std::filesystem::path& cache_dir);

}  // namespace tinyllm::builder
