// tinyllm-generate-mutants: lists the operator mutants of the module's source as JSON.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "tinyllm/generator/generate.hpp"

namespace {

using tinyllm::generator::GeneratorOptions;

void print_help() {
  std::cout << R"(Usage: tinyllm-generate-mutants [options] [FILE...]

Lists the operator mutants of C++ source files as JSON. Each file is parsed by Clang (libclang)
with -std=c++20 and the project's include folders, so an operator is mutated only where it is
that operator: never in a string, a comment, an #include, a template argument list, a header, or
outside a function body.

FILE...            files to mutate, relative to --root; default: the module's files
)";
  for (const std::string& file : tinyllm::generator::default_module_files())
    std::cout << "                     " << file << "\n";
  std::cout << R"(
Options:
  --root DIR       the repository the files are in (default: )"
            << TINYLLM_SOURCE_DIR << R"()
  --output FILE    write the JSON to FILE instead of stdout
  --include DIR    one more include folder, relative to --root (oracle/include and oracle/src
                   are always used); repeatable
  --flag FLAG      one more compiler flag, e.g. --flag -DNAME=1; repeatable
  --help           show this text

Output: {"format": 1, "files": [...], "mutants": [{"id", "readable", "file", "function",
"operator", "original", "replacement", "occurrence", "start", "end"}, ...]}. Positions are a
1-based line and byte column and a 0-based byte offset; "end" is exclusive. The id is "g" and 10
hex digits of a hash of file, function, operator, original text and occurrence (no line number):
an edit elsewhere in the file keeps it. Counts per operator go to stderr.

Operators:
)";
  for (const std::string& name : tinyllm::generator::operator_names())
    std::cout << "  " << name << "\n";
  std::cout << "\nSee docs/mutants.md. Exit status: 0 listed, 1 a file is missing or does not "
               "parse, 2 bad usage.\n";
}

// Returns the value after option argv[i], advancing i; throws when it is missing.
std::string value_of(int argc, char** argv, int& i) {
  if (i + 1 >= argc)
    throw std::invalid_argument(std::string(argv[i]) + " needs a value; see --help");
  return argv[++i];
}

}  // namespace

int main(int argc, char** argv) {
  GeneratorOptions options;
  options.root = TINYLLM_SOURCE_DIR;
  std::string output;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--help" || arg == "-h") {
        print_help();
        return 0;
      } else if (arg == "--root") {
        options.root = value_of(argc, argv, i);
      } else if (arg == "--output") {
        output = value_of(argc, argv, i);
      } else if (arg == "--include") {
        options.include_dirs.push_back(value_of(argc, argv, i));
      } else if (arg == "--flag") {
        options.extra_flags.push_back(value_of(argc, argv, i));
      } else if (arg.starts_with("-")) {
        throw std::invalid_argument("unknown option " + arg + "; see --help");
      } else {
        options.files.push_back(arg);
      }
    }
  } catch (const std::invalid_argument& e) {
    std::cerr << "tinyllm-generate-mutants: " << e.what() << "\n";
    return 2;
  }
  if (options.files.empty()) options.files = tinyllm::generator::default_module_files();

  try {
    const auto mutants = tinyllm::generator::generate_mutants(options);
    const std::string text =
        tinyllm::generator::mutants_to_json(options.files, mutants).dump(2) + "\n";
    if (output.empty()) {
      std::cout << text;
    } else {
      std::ofstream out(output, std::ios::binary);
      if (!(out << text)) throw tinyllm::generator::GeneratorError("cannot write " + output);
    }
    std::map<std::string, int> counts;
    for (const auto& m : mutants) ++counts[m.operator_name];
    std::cerr << "tinyllm-generate-mutants: " << mutants.size() << " mutants in "
              << options.files.size() << " files\n";
    for (const std::string& name : tinyllm::generator::operator_names())
      if (counts.contains(name)) std::fprintf(stderr, "  %-32s %5d\n", name.c_str(), counts[name]);
  } catch (const tinyllm::generator::GeneratorError& e) {
    std::cerr << "tinyllm-generate-mutants: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
