// The manifest: the generator's fields of each mutant (one source for them: mutants_to_json) plus
// what the build made of it.
#include "tinyllm/builder/manifest.hpp"

#include "tinyllm/generator/mutant_json.hpp"

namespace tinyllm::builder {

nlohmann::json manifest_json(const std::vector<std::string>& files,
                             const std::vector<generator::GeneratedMutant>& mutants,
                             const std::vector<Equivalence>& outcomes) {
  nlohmann::json entries = generator::mutants_to_json(files, mutants).at("mutants");
  std::size_t counts[3] = {0, 0, 0};
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    entries[i]["build"] = build_status_name(outcomes[i].status);
    if (outcomes[i].status == BuildStatus::Duplicate)
      entries[i]["duplicate_of"] = mutants[outcomes[i].duplicate_of].id;
    ++counts[static_cast<int>(outcomes[i].status)];
  }
  nlohmann::json counts_json = {{"raw", mutants.size()},
                                {"equivalent", counts[static_cast<int>(BuildStatus::Equivalent)]},
                                {"duplicate", counts[static_cast<int>(BuildStatus::Duplicate)]},
                                {"built", counts[static_cast<int>(BuildStatus::Built)]}};
  return {{"format", 1}, {"files", files}, {"mutants", entries}, {"counts", counts_json}};
}

}  // namespace tinyllm::builder
