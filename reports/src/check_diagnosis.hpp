// The diagnosis part of the check reports (check_report.cpp): in words for the terminal, and as
// JSON, naming each mutant as far as the shaped result holds it (for_reader, audience.hpp).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::reports::detail {

// Returns the terminal lines of the diagnosis: per differing area, whether a known mutant behaves
// like the module there; then the bugs named, or that none is, with the signature hint.
std::string diagnosis_terminal(const CheckResult& result, std::size_t wrap_width);

nlohmann::json diagnosis_json(const Diagnosis& diagnosis);

}  // namespace tinyllm::reports::detail
