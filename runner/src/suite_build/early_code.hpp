// Code of a suite that runs before the libraries it tests are set up. A program's .preinit_array
// functions and its ifunc resolvers run before any shared library's constructor, so they could
// read what the schema library reads and erases at start (variant_runs.hpp: the run's key and
// token) and tell a mutant's run from the reference's. No test suite needs either.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::runner {

// Returns why the linked `executable` may not be graded ("" when nothing runs early): a
// non-empty .preinit_array, an IRELATIVE relocation or an ifunc symbol it defines. An executable
// that is not a 64-bit ELF file gives "" (the run itself will then fail and say so).
std::string early_code_problem(const std::filesystem::path& executable);

}  // namespace tinyllm::runner
