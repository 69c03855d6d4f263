// The grader's view of mutants/catalog.toml: read with the catalog library (mutants/), each site
// located in the sources the grader shows in reports.
#include "mutant_set/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "config/errors.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::runner {

std::vector<reports::MutantInfo> load_catalog(const std::filesystem::path& path,
                                              const std::filesystem::path& source_dir) {
  if (!std::filesystem::is_regular_file(path))
    throw UsageError(
        fmt::format("{}: no mutant catalog there; pass --catalog FILE or "
                    "--source-dir DIR (the repository holding mutants/catalog.toml)",
                    path.string()));
  std::vector<reports::MutantInfo> mutants;
  try {
    mutants = tinyllm::catalog::load(path);
    tinyllm::catalog::locate_sites(mutants, source_dir);
  } catch (const tinyllm::catalog::CatalogError& e) {
    throw UsageError(e.what());
  }
  return mutants;
}

std::vector<reports::WheatInfo> load_wheats(const std::filesystem::path& path) {
  try {
    return tinyllm::catalog::load_wheats(path);
  } catch (const tinyllm::catalog::CatalogError& e) {
    throw UsageError(e.what());
  }
}

std::map<std::string, std::string> load_operator_families(const std::filesystem::path& path) {
  try {
    return tinyllm::catalog::load_operator_families(path);
  } catch (const tinyllm::catalog::CatalogError& e) {
    throw UsageError(e.what());
  }
}

void apply_required(const Config& config, std::vector<reports::MutantInfo>& mutants) {
  if (!config.required) {
    for (auto& m : mutants) m.required = true;
    return;
  }
  for (auto& m : mutants) m.required = false;
  for (std::size_t i = 0; i < config.required->size(); ++i) {
    const std::string& id = (*config.required)[i];
    const auto it = std::ranges::find(mutants, id, &reports::MutantInfo::id);
    if (it == mutants.end()) {
      std::string where = "--required";
      if (i < config.required_positions.size()) {
        const auto& p = config.required_positions[i];
        where = fmt::format("{}:{}:{}", p.file, p.line, p.column);
      }
      throw UsageError(
          fmt::format("{}: unknown mutant id '{}' in 'required': the catalog has "
                      "{}..{} (see `tinyllm-grade list`)",
                      where, id, mutants.front().id, mutants.back().id));
    }
    it->required = true;
  }
}

}  // namespace tinyllm::runner
