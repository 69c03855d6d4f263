// Runs the mutant generator on a small C++ fixture written to a temporary folder, and helpers to
// pick mutants out of its result.
#pragma once
#include <string>
#include <vector>

#include "temp_tree.hpp"
#include "tinyllm/generator/generate.hpp"

namespace tinyllm::generator::testing {

// Writes `code` to src/fixture.cpp (and `header` to src/helper.hpp) in `tree` and returns the
// mutants of src/fixture.cpp.
std::vector<GeneratedMutant> generate_from(const catalog::testing::TempTree& tree,
                                           const std::string& code, const std::string& header = "");

// Returns the mutants whose operator is `operator_name`.
std::vector<GeneratedMutant> with_operator(const std::vector<GeneratedMutant>& mutants,
                                           const std::string& operator_name);

// Returns "original->replacement" for each mutant, in order.
std::vector<std::string> changes(const std::vector<GeneratedMutant>& mutants);

}  // namespace tinyllm::generator::testing
