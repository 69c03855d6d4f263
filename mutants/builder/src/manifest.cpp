// The manifest: the generator's fields of each mutant (one source for them: mutants_to_json) plus
// what the build made of it.
#include "tinyllm/builder/manifest.hpp"

#include "tinyllm/generator/mutant_json.hpp"

namespace tinyllm::builder {

nlohmann::json manifest_json(const std::vector<std::string>& files,
                             const std::vector<generator::GeneratedMutant>& mutants,
                             const std::map<std::string, std::string>& left_out) {
  nlohmann::json entries = generator::mutants_to_json(files, mutants).at("mutants");
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const auto found = left_out.find(mutants[i].id);
    entries[i]["build"] = found == left_out.end() ? "built" : "left_out";
    if (found != left_out.end()) entries[i]["left_out_because"] = found->second;
  }
  const nlohmann::json counts = {{"raw", mutants.size()},
                                 {"built", mutants.size() - left_out.size()},
                                 {"left_out", left_out.size()}};
  return {{"format", 2}, {"files", files}, {"mutants", entries}, {"counts", counts}};
}

}  // namespace tinyllm::builder
