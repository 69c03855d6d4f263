// Parses one C++ file with libclang and the project's flags; a file that does not compile is an
// error carrying the compiler's diagnostics, since mutants of a broken parse would be wrong.
#pragma once
#include <clang-c/Index.h>

#include <filesystem>
#include <string>
#include <vector>

#include "clang_helpers.hpp"

namespace tinyllm::generator {

// Returns the parsed unit of `file`, compiled as C++20 with `flags`; throws GeneratorError.
clang::UnitHandle parse_file(CXIndex index, const std::filesystem::path& file,
                             const std::vector<std::string>& flags);

}  // namespace tinyllm::generator
