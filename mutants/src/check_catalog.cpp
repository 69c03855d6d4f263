// check_catalog CATALOG REPOSITORY_ROOT: fails (exit 1) when the catalog cannot be read, its ids
// are not in ascending order, or its sites and the oracle's guarded changes disagree (check_sites
// for the mutants, check_wheats for the wheats).
#include <iostream>

#include "tinyllm/catalog.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: check_catalog mutants/catalog.toml REPOSITORY_ROOT\n";
    return 2;
  }
  try {
    const auto mutants = tinyllm::catalog::load(argv[1]);
    const auto wheats = tinyllm::catalog::load_wheats(argv[1]);
    auto problems = tinyllm::catalog::check_sites(mutants, argv[2]);
    for (auto& problem : tinyllm::catalog::check_wheats(wheats, argv[2]))
      problems.push_back(std::move(problem));
    // Reports list mutants in catalog order; ascending ids keep that order the id order.
    for (std::size_t i = 1; i < mutants.size(); ++i)
      if (mutants[i].id <= mutants[i - 1].id)
        problems.push_back("entry " + std::to_string(i + 1) + " is " + mutants[i].id + ", after " +
                           mutants[i - 1].id + "; keep the catalog in ascending id order");
    for (const auto& p : problems) std::cerr << "catalog: " << p << '\n';
    for (std::size_t i = 1; i < wheats.size(); ++i)
      if (wheats[i].id <= wheats[i - 1].id)
        problems.push_back("wheat " + std::to_string(i + 1) + " is " + wheats[i].id + ", after " +
                           wheats[i - 1].id + "; keep the wheats in ascending id order");
    std::cout << mutants.size() << " mutants, " << wheats.size() << " wheats, " << problems.size()
              << " problems\n";
    return problems.empty() ? 0 : 1;
  } catch (const tinyllm::catalog::CatalogError& e) {
    std::cerr << "catalog: " << e.what() << '\n';
    return 1;
  }
}
