// What the reach probe tells a learner: of the mutants a suite did not detect, which no test runs
// (NoCoverage) and which tests run but none fails on; and which tests run mutated code yet detect
// nothing. Shared by every report format.
#pragma once
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the tests that appear in some mutant's covered_by but in no detected mutant's killed_by,
// sorted: they run code the mutants change and assert too little to notice. Empty when reach was
// not measured.
std::vector<std::string> tests_reaching_without_detecting(const GradeResult& result);

// Returns which kind of undetected mutant this is: "no test runs this code" (NoCoverage), "tests
// run it but none fails" (Survived, reach measured), or "" (detected, or reach not measured).
std::string undetected_kind(const GradeResult& result, const MutantResult& mutant);

// Returns the sentence that says what reach found, or "" when it was not measured: "Reach: 3 of
// 24 mutants are in code no test runs (NoCoverage, not run); 2 survived although tests run them."
std::string reach_line(const GradeResult& result);

// Returns the sentence naming tests_reaching_without_detecting, or "" when there is none: "Tests
// that run mutated code but detect nothing: A.b, C.d."
std::string reaching_without_detecting_line(const GradeResult& result);

}  // namespace tinyllm::reports
