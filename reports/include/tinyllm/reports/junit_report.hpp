// The grade as JUnit XML for CI systems: one test case per mutant, a survivor is a failure.
#pragma once
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the JUnit XML document (the Jenkins junit.xsd shape). An INVALID grade adds an <error>
// test case for the compile error or each failing reference test.
std::string render_junit_report(const GradeResult& result);

}  // namespace tinyllm::reports
