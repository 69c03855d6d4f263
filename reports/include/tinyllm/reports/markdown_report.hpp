// A Markdown summary of the grade for a merge request or an LMS comment.
#pragma once
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the summary: verdict, score against threshold, the mutant table, and the survivors as
// the reveal setting allows (or, for INVALID, the compile log or the failing reference tests).
std::string render_markdown_report(const GradeResult& result);

}  // namespace tinyllm::reports
