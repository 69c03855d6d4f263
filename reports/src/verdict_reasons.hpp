// Why a grade is what it is, in sentences every report format shares.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports::detail {

// Returns the sentences that explain the verdict: the score against the threshold, the required
// mutants not detected, or why the grade is INVALID; and the invalid tests that were not graded.
std::vector<std::string> verdict_reasons(const GradeResult& result);

// Returns which mutants were graded, in words: "pitfalls only (24 pitfalls)", or "full: 24
// pitfalls + 131 generated mutants; 110 generated not counted (42 equivalent, 20 duplicates,
// 3 reviewed, 45 not detected by the course suite)".
std::string graded_set(const GradeResult& result);

// Returns "22/24 mutants detected (91.7%), threshold 80.0%".
std::string score_line(const GradeResult& result);

// Returns "12 generated mutants: 9 detected, 2 survived, 1 not reached" (the last part only when
// reach left some out), or "" when the grade counts none.
std::string generated_counts(const GradeResult& result);

// Returns what a mutant table says in place of the tests that detected a mutant when it names
// none: `none` for a survivor, "no test runs its code" for NoCoverage, else the run's reason.
std::string no_killer(const MutantResult& mutant, std::string_view none);

// Returns the heading of the invalid tests: "Invalid tests", and " (not graded)" when the grade
// counts the other tests.
std::string invalid_tests_heading(const GradeResult& result);

}  // namespace tinyllm::reports::detail
