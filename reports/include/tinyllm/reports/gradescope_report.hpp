// The grade as Gradescope's autograder results.json: one test per mutant worth one point.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns results.json's document for `result`, shaped for its reader (for_reader): a test per
// mutant (1 point when detected), a 0-point test for "accepts the reference", and the Markdown
// summary as the top-level output; for a learner's results, also the Markdown of `staff` (the
// same grade shaped for staff) in a test learners never see.
nlohmann::json gradescope_results_json(const GradeResult& result, const GradeResult& staff);

// Returns gradescope_results_json serialised with a final newline.
std::string render_gradescope_results(const GradeResult& result, const GradeResult& staff);

}  // namespace tinyllm::reports
