// Runs the mutant generator on a small C++ fixture.
#include "generator_fixture.hpp"

namespace tinyllm::generator::testing {

std::vector<GeneratedMutant> generate_from(const catalog::testing::TempTree& tree,
                                           const std::string& code, const std::string& header) {
  tree.write("src/fixture.cpp", code);
  if (!header.empty()) tree.write("src/helper.hpp", header);
  GeneratorOptions options;
  options.root = tree.root();
  options.files = {"src/fixture.cpp"};
  options.include_dirs = {"src"};
  return generate_mutants(options);
}

std::vector<GeneratedMutant> with_operator(const std::vector<GeneratedMutant>& mutants,
                                           const std::string& operator_name) {
  std::vector<GeneratedMutant> result;
  for (const GeneratedMutant& m : mutants)
    if (m.operator_name == operator_name) result.push_back(m);
  return result;
}

std::vector<std::string> changes(const std::vector<GeneratedMutant>& mutants) {
  std::vector<std::string> result;
  for (const GeneratedMutant& m : mutants) result.push_back(m.original + "->" + m.replacement);
  return result;
}

}  // namespace tinyllm::generator::testing
