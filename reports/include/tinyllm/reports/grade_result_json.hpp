// GradeResult to and from JSON, losslessly: how a batch stores each suite's grade so that an
// interrupted batch resumes and shards can be merged. Not a learner-facing report.
#pragma once
#include <nlohmann/json.hpp>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Writes a reveal level by its reveal_name, and reads it back.
void to_json(nlohmann::json& out, const Reveal& reveal);
void from_json(const nlohmann::json& in, Reveal& reveal);

// Returns the grade as JSON with every field; from_json reads it back to an equal GradeResult.
void to_json(nlohmann::json& out, const GradeResult& result);

// Reads a grade written by to_json of this version (every field required). Throws
// nlohmann::json::exception naming the missing field, std::invalid_argument for an unknown reveal
// level, rung, view or score policy.
void from_json(const nlohmann::json& in, GradeResult& result);

// Returns true when every field of the two grades is equal.
bool same_grade(const GradeResult& a, const GradeResult& b);

}  // namespace tinyllm::reports
