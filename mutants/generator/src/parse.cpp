// Parses one C++ file with libclang.
#include "parse.hpp"

#include "tinyllm/generator/generate.hpp"

namespace tinyllm::generator {

clang::UnitHandle parse_file(CXIndex index, const std::filesystem::path& file,
                             const std::vector<std::string>& flags) {
  std::vector<std::string> arguments = {"-x", "c++", "-std=c++20"};
  arguments.insert(arguments.end(), flags.begin(), flags.end());
  std::vector<const char*> argv;
  for (const std::string& argument : arguments) argv.push_back(argument.c_str());

  CXTranslationUnit unit = nullptr;
  const CXErrorCode code =
      clang_parseTranslationUnit2(index, file.c_str(), argv.data(), static_cast<int>(argv.size()),
                                  nullptr, 0, CXTranslationUnit_None, &unit);
  if (code != CXError_Success || unit == nullptr)
    throw GeneratorError("libclang could not parse " + file.string() + " (CXErrorCode " +
                         std::to_string(code) + "); check that the file is readable C++");
  clang::UnitHandle handle(unit);

  std::string errors;
  for (unsigned i = 0; i < clang_getNumDiagnostics(unit); ++i) {
    CXDiagnostic diagnostic = clang_getDiagnostic(unit, i);
    if (clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error)
      errors +=
          "  " +
          clang::take(clang_formatDiagnostic(diagnostic, clang_defaultDiagnosticDisplayOptions())) +
          "\n";
    clang_disposeDiagnostic(diagnostic);
  }
  if (!errors.empty()) {
    std::string command = "clang++";
    for (const std::string& argument : arguments) command += " " + argument;
    throw GeneratorError(file.string() +
                         " does not compile, so no mutants are generated from it:\n" + errors +
                         "Flags used: " + command +
                         "\nFix the file, or pass the include folders it needs with --include.");
  }
  return handle;
}

}  // namespace tinyllm::generator
