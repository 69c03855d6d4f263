// The milestone's numbers as JSON: what tinyllm-milestone writes and the grader reads back.
#pragma once
#include <nlohmann/json.hpp>

#include "trainer.hpp"

namespace tinyllm::milestone {

nlohmann::json to_json(const Result& result);
// Throws nlohmann::json::exception when a field is missing or of the wrong type.
Result result_from_json(const nlohmann::json& json);

}  // namespace tinyllm::milestone
