// The reports of `tinyllm-grade check` (CheckResult), shaped for the learner (for_reader,
// audience.hpp): the terminal report a learner reads and a JSON document for tools.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::reports {

// Returns what the diagnosis calls a known mutant, from what the shaped result holds of it: the id
// alone ("a known pitfall (s07)") when its title was withheld, "s07: <title>" when its symptom
// was, else "s07: <title> (symptom: <symptom>)"; a generated mutant gives its file, line and
// operator when it has them and its replaced text when it has that.
std::string mutant_name(const MutantInfo& mutant);

// Returns the terminal report: the module's half (course tests, differential check, problems,
// diagnosis), then the workspace tests' grade (the grade's own terminal report), then the verdict.
// ANSI colour only when `colour` is true.
std::string render_check_terminal(const CheckResult& result, bool colour);

// Returns the check as JSON ("schema": "tinyllm-check", "version": 1): the verdicts, every course
// test, every differential area, the run problems, the diagnosis, and the
// tests' grade in the mutation-testing-report-schema (null when the workspace has no tests).
nlohmann::json check_json(const CheckResult& result);

// Returns check_json serialised with two-space indentation and a final newline.
std::string render_check_json(const CheckResult& result);

}  // namespace tinyllm::reports
