// A plain terminal summary of a grade, until the reports in reports/ replace it: the mutants'
// statuses and killing tests, the score against the threshold, the verdict, what survivors mean.
#pragma once
#include <ostream>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// Writes the summary of `result` to `out`, with ANSI colour when `colour` is true.
void write_summary(const reports::GradeResult& result, std::ostream& out, bool colour);

}  // namespace tinyllm::runner
