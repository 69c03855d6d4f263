// The manifest of the generated variants, <variants>/generated.json, which the grader reads:
// {"format": 1, "files": [...], "mutants": [{<every field of mutants_to_json>, "build": "built" |
// "equivalent" | "duplicate", "duplicate_of": "g..." (duplicates only)}], "counts": {"raw",
// "equivalent", "duplicate", "built"}}.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tinyllm/builder/equivalence.hpp"
#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

// Returns the manifest of `mutants` (generated from `files`), `outcomes` being parallel to
// `mutants`; a duplicate's duplicate_of is an index into `mutants`.
nlohmann::json manifest_json(const std::vector<std::string>& files,
                             const std::vector<generator::GeneratedMutant>& mutants,
                             const std::vector<Equivalence>& outcomes);

}  // namespace tinyllm::builder
