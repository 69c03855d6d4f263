// The generator's machine-readable output: {"format": 1, "files": [...], "mutants": [...]}.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::generator {

// Returns the JSON document for `mutants` generated from `files`.
nlohmann::json mutants_to_json(const std::vector<std::string>& files,
                               const std::vector<GeneratedMutant>& mutants);

}  // namespace tinyllm::generator
