// The check that the catalog and the oracle's guarded changes describe the same mutants, anchored
// on the marker comments: each site is found, holds its own is_mutant(N), and no is_mutant(N)
// sits outside its mutant's site (where the catalog, and so every report, would not show it).
#include <map>

#include "site.hpp"
#include "tinyllm/catalog.hpp"
#include "tinyllm/catalog/guards.hpp"

namespace tinyllm::catalog {
namespace {

std::string site_of(const MutantInfo& m) {
  return m.file + ":" + std::to_string(m.line_begin) + "-" + std::to_string(m.line_end);
}

}  // namespace

std::vector<std::string> check_sites(const std::vector<MutantInfo>& mutants,
                                     const std::filesystem::path& repository_root) {
  std::vector<std::string> problems;
  std::map<int, MutantInfo> located;  // by N: the mutants whose site was found
  for (MutantInfo m : mutants) {
    try {
      detail::locate_site(m, repository_root);
      located[std::stoi(m.id.substr(1))] = m;
    } catch (const CatalogError& e) {
      problems.push_back(e.what());
    }
  }
  std::map<int, bool> guarded;  // by N: is_mutant(N) found inside sNN's site
  for (const detail::GuardCall& call : detail::guard_calls(repository_root, "is_mutant")) {
    const std::string where = call.file + ":" + std::to_string(call.line) + ": is_mutant(" +
                              std::to_string(call.number) + ")";
    const auto found = located.find(call.number);
    if (found == located.end()) {
      bool in_catalog = false;
      for (const auto& m : mutants) in_catalog |= std::stoi(m.id.substr(1)) == call.number;
      if (!in_catalog)
        problems.push_back(where + " has no catalog entry; add one to mutants/catalog.toml");
      continue;
    }
    const MutantInfo& m = found->second;
    if (m.file == call.file && call.line >= m.line_begin && call.line <= m.line_end)
      guarded[call.number] = true;
    else
      problems.push_back(where + " lies outside " + m.id + "'s site " + site_of(m) +
                         "; a mutant's change is the one statement after its marker comment");
  }
  for (const auto& [number, m] : located)
    if (!guarded[number])
      problems.push_back(m.id + ": its site " + site_of(m) + " holds no is_mutant(" +
                         std::to_string(number) +
                         "); guard the change with `if (tinyllm::detail::is_mutant(" +
                         std::to_string(number) + "))` right after the marker");
  return problems;
}

}  // namespace tinyllm::catalog
