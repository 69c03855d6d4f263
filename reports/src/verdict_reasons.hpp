// Why a grade is what it is, in sentences every report format shares.
#pragma once
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports::detail {

// Returns the ids of required mutants not detected (Survived or NoCoverage), in catalog order.
std::vector<std::string> required_survivors(const GradeResult& result);

// Returns the sentences that explain the verdict: the score against the threshold, the required
// mutants not detected, or why the grade is INVALID; and the invalid tests that were not graded.
std::vector<std::string> verdict_reasons(const GradeResult& result);

// Returns which mutants were graded, in words: "pitfalls only (24 pitfalls)", or "full: 24
// pitfalls + 131 generated mutants; 110 generated not counted (42 equivalent, 20 duplicates,
// 3 reviewed, 45 not detected by the course suite)".
std::string graded_set(const GradeResult& result);

// Returns "22/24 mutants detected (91.7%), threshold 80.0%".
std::string score_line(const GradeResult& result);

}  // namespace tinyllm::reports::detail
