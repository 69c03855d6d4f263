// The self-check: the course suite graded by the same engine as learners' suites, then compared
// with the catalog. Every test must be valid (pass on the reference and every wheat), and each
// mutant must be killed by at least every test its catalog entry's `caught_by` names.
#pragma once
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct SelfcheckReport {
  std::vector<std::string> disagreements;                  // each names the mutant and the test
  std::vector<std::pair<std::string, std::string>> twins;  // mutants with equal failing tests
};

// Returns where the grade of the course suite disagrees with the catalog.
SelfcheckReport check_against_catalog(const reports::GradeResult& course);

// Writes the kill matrix: one row per test, one column per mutant ('X' the test failed, 'T' the
// mutant timed out, 'C' the run crashed or was stopped during that test, '-' the mutant is
// NoCoverage: no test runs its code, so it was not run; '.' it passed).
void write_kill_matrix(const reports::GradeResult& course, std::ostream& out);

}  // namespace tinyllm::runner
