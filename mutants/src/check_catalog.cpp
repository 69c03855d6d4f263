// check_catalog CATALOG REPOSITORY_ROOT: fails (exit 1) when the catalog cannot be read, its ids
// are not ascending, or check_sites or check_wheats finds a problem. check_catalog --variant ID
// CATALOG: fails when ID is no mutant nor semantic wheat (-DTINYLLM_VARIANT).
#include <iostream>
#include <string>

#include "tinyllm/catalog.hpp"

namespace {

int check_variant(const std::string& id, const char* catalog) {
  const auto mutants = tinyllm::catalog::load(catalog);
  const auto wheats = tinyllm::catalog::load_wheats(catalog);
  std::string known;
  for (const auto& m : mutants) {
    if (m.id == id) return 0;
    known += ' ' + m.id;
  }
  for (const auto& w : wheats) {
    if (w.id == id && w.kind == tinyllm::catalog::WheatKind::Semantic) return 0;
    if (w.id == id) {
      std::cerr << "TINYLLM_VARIANT=" << id << " is a binary wheat, the reference built "
                << "differently (build \"" << w.build << "\"), not a variant of the sources: "
                << "build the target tinyllm_wheats instead\n";
      return 1;
    }
    if (w.kind == tinyllm::catalog::WheatKind::Semantic) known += ' ' + w.id;
  }
  std::cerr << "TINYLLM_VARIANT=" << id << " is not in " << catalog << ": use reference or one of"
            << known << '\n';
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const bool variant = argc == 4 && std::string(argv[1]) == "--variant";
  if (argc != 3 && !variant) {
    std::cerr << "usage: check_catalog mutants/catalog.toml REPOSITORY_ROOT\n"
                 "       check_catalog --variant ID mutants/catalog.toml\n";
    return 2;
  }
  try {
    if (variant) return check_variant(argv[2], argv[3]);
    const auto mutants = tinyllm::catalog::load(argv[1]);
    const auto wheats = tinyllm::catalog::load_wheats(argv[1]);
    auto problems = tinyllm::catalog::check_sites(mutants, argv[2]);
    for (auto& problem : tinyllm::catalog::check_wheats(wheats, argv[2]))
      problems.push_back(std::move(problem));
    // Reports list variants in catalog order; ascending ids keep that order the id order.
    const auto check_order = [&](const auto& entries, const std::string& entry, const char* list) {
      for (std::size_t i = 1; i < entries.size(); ++i)
        if (entries[i].id <= entries[i - 1].id)
          problems.push_back(entry + " " + std::to_string(i + 1) + " is " + entries[i].id +
                             ", after " + entries[i - 1].id + "; keep the " + list +
                             " in ascending id order");
    };
    check_order(mutants, "entry", "catalog");
    check_order(wheats, "wheat", "wheats");
    for (const auto& p : problems) std::cerr << "catalog: " << p << '\n';
    std::cout << mutants.size() << " mutants, " << wheats.size() << " wheats, " << problems.size()
              << " problems\n";
    return problems.empty() ? 0 : 1;
  } catch (const tinyllm::catalog::CatalogError& e) {
    std::cerr << "catalog: " << e.what() << '\n';
    return 1;
  }
}
