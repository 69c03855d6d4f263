// The generator's machine-readable output: {"format": 1, "files": [...], "mutants": [...]}, and
// back (tinyllm-build-generated caches the generator's output between builds).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::generator {

// Returns the JSON document for `mutants` generated from `files`.
nlohmann::json mutants_to_json(const std::vector<std::string>& files,
                               const std::vector<GeneratedMutant>& mutants);

// Returns the mutants of a document made by mutants_to_json; throws nlohmann::json::exception when
// a field is missing or has the wrong type.
std::vector<GeneratedMutant> mutants_from_json(const nlohmann::json& document);

}  // namespace tinyllm::generator
