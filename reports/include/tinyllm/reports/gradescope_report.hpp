// The grade as Gradescope's autograder results.json: one test per mutant worth one point.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns results.json's document: a test per mutant (1 point when detected), a 0-point test for
// "accepts the reference", and the Markdown summary as the top-level output.
nlohmann::json gradescope_results_json(const GradeResult& result);

// Returns gradescope_results_json serialised with a final newline.
std::string render_gradescope_results(const GradeResult& result);

}  // namespace tinyllm::reports
