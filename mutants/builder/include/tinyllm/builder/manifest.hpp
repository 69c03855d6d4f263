// The manifest of the generated mutants, <variants>/generated.json, which the grader reads:
// {"format": 2, "files": [...], "mutants": [{<every field of mutants_to_json>, "build": "built" |
// "left_out", "left_out_because": "..." (left out only)}], "counts": {"raw", "built",
// "left_out"}}. A mutant is built when the schema library holds it, left out when the schema
// cannot (schema_source.hpp says when).
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

// Returns the manifest of `mutants` (generated from `files`); `left_out` maps the id of each
// mutant the schema library does not hold to why.
nlohmann::json manifest_json(const std::vector<std::string>& files,
                             const std::vector<generator::GeneratedMutant>& mutants,
                             const std::map<std::string, std::string>& left_out);

}  // namespace tinyllm::builder
