// The reports of `tinyllm-grade check` (CheckResult): the terminal report a learner reads and a
// JSON document for tools. Both apply the reveal setting to what the diagnosis says about a known
// mutant, as every grade report does for survivors.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::reports {

// Returns what the reveal setting lets the diagnosis call a known mutant: the id alone
// (Reveal::Nothing), "s07: <title>" (Title), "s07: <title> (symptom: <symptom>)"
// (TitleAndSymptom); a generated mutant gives its file, line and operator from Title on and its
// replaced text only at TitleAndSymptom.
std::string mutant_name(const MutantInfo& mutant, Reveal reveal);
// Returns mutant_name of the match's mutant.
std::string diagnosis_name(const DiagnosisMatch& match, Reveal reveal);

// Returns the terminal report: the module's half (course tests, differential check, problems,
// diagnosis), then the workspace tests' grade (the grade's own terminal report), then the verdict.
// ANSI colour only when `colour` is true.
std::string render_check_terminal(const CheckResult& result, bool colour);

// Returns the check as JSON ("schema": "tinyllm-check", "version": 1): the verdicts, every course
// test, every differential area, the run problems, the diagnosis with reveal applied, and the
// tests' grade in the mutation-testing-report-schema (null when the workspace has no tests).
nlohmann::json check_json(const CheckResult& result);

// Returns check_json serialised with two-space indentation and a final newline.
std::string render_check_json(const CheckResult& result);

}  // namespace tinyllm::reports
