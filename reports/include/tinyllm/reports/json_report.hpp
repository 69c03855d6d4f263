// The grade in the mutation-testing-report-schema (schemaVersion "2"), the format Stryker writes
// and the mutation-testing-elements viewer reads.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the report as a JSON document: one file entry per oracle source holding a mutant site.
nlohmann::json mutation_report_json(const GradeResult& result);

// Returns mutation_report_json serialised with two-space indentation and a final newline; invalid
// UTF-8 in the data (a test's output, a compile log) becomes U+FFFD instead of an exception.
std::string render_json_report(const GradeResult& result);

}  // namespace tinyllm::reports
