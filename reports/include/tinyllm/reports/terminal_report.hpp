// The grade as a learner reads it on a terminal: the mutant table, score against threshold,
// verdict, and what each survivor means.
#pragma once
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the terminal report; ANSI colour only when `colour` is true (the caller passes whether
// its output is a terminal).
std::string render_terminal_report(const GradeResult& result, bool colour);

}  // namespace tinyllm::reports
