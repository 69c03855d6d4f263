// check_catalog CATALOG REPOSITORY_ROOT: fails (exit 1) when the catalog does not describe the
// 24 pitfall mutants s01..s24 in order, or when a site's line range no longer matches the source.
#include <iostream>

#include "tinyllm/catalog.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: check_catalog mutants/catalog.toml REPOSITORY_ROOT\n";
    return 2;
  }
  try {
    const auto mutants = tinyllm::catalog::load(argv[1]);
    auto problems = tinyllm::catalog::check_sites(mutants, argv[2]);
    if (mutants.size() != 24)
      problems.push_back("expected 24 mutants, found " + std::to_string(mutants.size()));
    for (std::size_t i = 0; i < mutants.size(); ++i) {
      const std::string expected = (i + 1 < 10 ? "s0" : "s") + std::to_string(i + 1);
      if (mutants[i].id != expected)
        problems.push_back("entry " + std::to_string(i + 1) + " is " + mutants[i].id +
                           ", expected " + expected + " (keep the catalog in order)");
    }
    for (const auto& p : problems) std::cerr << "catalog: " << p << '\n';
    std::cout << mutants.size() << " mutants, " << problems.size() << " problems\n";
    return problems.empty() ? 0 : 1;
  } catch (const tinyllm::catalog::CatalogError& e) {
    std::cerr << "catalog: " << e.what() << '\n';
    return 1;
  }
}
