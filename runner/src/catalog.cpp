// The grader's view of mutants/catalog.toml: read with the catalog library (mutants/), then
// checked for what grading needs: ids s01..s24 and site files that exist.
#include "catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "errors.hpp"
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
  } catch (const tinyllm::catalog::CatalogError& e) {
    throw UsageError(e.what());
  }
  static const std::regex id_pattern("s(0[1-9]|1[0-9]|2[0-4])");
  for (const auto& m : mutants) {
    if (!std::regex_match(m.id, id_pattern))
      throw UsageError(
          fmt::format("{}: mutant id '{}' is not one of s01..s24: the oracle builds "
                      "only those variants",
                      path.string(), m.id));
    if (!std::filesystem::is_regular_file(source_dir / m.file))
      throw UsageError(fmt::format("{}: mutant {}: its site file '{}' does not exist under {}",
                                   path.string(), m.id, m.file, source_dir.string()));
  }
  return mutants;
}

void apply_required(const Config& config, std::vector<reports::MutantInfo>& mutants) {
  if (!config.required) {
    for (auto& m : mutants) m.required = true;
    return;
  }
  for (auto& m : mutants) m.required = false;
  for (std::size_t i = 0; i < config.required->size(); ++i) {
    const std::string& id = (*config.required)[i];
    auto it = std::find_if(mutants.begin(), mutants.end(),
                           [&](const reports::MutantInfo& m) { return m.id == id; });
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
