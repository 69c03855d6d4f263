// Hand-made grade results that exercise every branch of the report writers: a PASS, a FAIL with
// survivors and a timeout, an INVALID that does not compile, an INVALID that rejects the reference.
#pragma once
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Whether `text` holds `part`: what most report tests ask of a rendered report.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tinyllm::reports

namespace tinyllm::reports::fixtures {

// Returns a PASS: six mutants, all killed, reveal Title.
GradeResult pass_all_killed();

// Returns a FAIL: s07 and s20 survive, s12 times out (detected), score 4/6; `reveal` as given.
// A test's source holds "</script>" and "<!--" to try the HTML report's escaping.
GradeResult fail_with_survivors(Reveal reveal);

// Returns an INVALID whose compile log has ANSI colour codes, "</script>" and invalid UTF-8.
GradeResult invalid_compile_error();

// Returns an INVALID (strict validity) with two tests that fail on the reference, each with its
// reproduce command.
GradeResult invalid_reference_failures();

// Returns invalid_reference_failures() whose first failure printed `lines` numbered lines
// ("printed line 1", ...), as a suite that prints without end does until the output limit stops it.
GradeResult failure_that_printed(int lines);

// The ids of full_with_generated's generated mutants.
inline constexpr const char* kGeneratedLtToGe = "g1a2b3c4d5e";      // survives: `<` -> `>=`
inline constexpr const char* kGeneratedRemoveCall = "g2b3c4d5e6f";  // survives: call removed
inline constexpr const char* kGeneratedHalve = "g3c4d5e6f70";       // killed: `0.5f` -> `0.25f`

// Returns a full grade (FAIL on the threshold, 7/9): pass_all_killed's six pitfalls, all killed,
// and three generated mutants in oracle/src/train/cast.cpp: kGeneratedLtToGe at 3:9-10 and
// kGeneratedRemoveCall at 4:3-18 survive, kGeneratedHalve at 5:18-22 is killed; `reveal` as given.
GradeResult full_with_generated(Reveal reveal);

// Returns a full grade, reveal Title, whose `count` generated mutants all survive, spread over two
// files and two operators.
GradeResult many_generated_survivors(int count);

// Returns a FAIL graded on the valid tests, reach measured, from full_with_generated: invalid tests
// of every kind (Accumulate.RandomSizes on the reference, seed 77; Errors.PinsMessage on semantic
// wheat w03; Checkpoint.PinsPeakBytes on w05; Fingerprint.MatchesReference on binary wheats w01 and
// w02, whose stored messages hold "BINARY-W01-BYTES" and "BINARY-W02-BYTES" that no report may
// show); s21 and kGeneratedRemoveCall are NoCoverage; s07 survives although Accumulate.HandExample
// and Scaler.Smoke run it; Scaler.Smoke runs s11 and s12 too and detects nothing. Score 5/9.
GradeResult graded_with_invalid_tests(Reveal reveal);

// Returns an INVALID (per-test) whose every test is invalid: one on binary wheat w01 (message
// "hash BINARY-W01-BYTES"), one on the reference.
GradeResult every_test_invalid();

// Returns graded_with_invalid_tests at each reveal level (validity_reveal_nothing, _title,
// _symptom) and every_test_invalid (invalid_every_test).
std::vector<std::pair<std::string, GradeResult>> named_validity_fixtures();

// Returns the number of lines (newlines) in `text`.
std::size_t line_count(const std::string& text);

// Returns `result` shaped for the reader its feedback names, as write_reports shapes a grade
// before any writer sees it (for_reader, audience.hpp).
GradeResult shown(const GradeResult& result);

// Returns Gradescope's results.json of `result`, shaped as write_reports shapes it: for its
// reader, and for staff (the hidden test).
nlohmann::json gradescope_results(const GradeResult& result);

// One learner-facing format as a test renders it.
struct Format {
  const char* name;
  std::function<std::string(const GradeResult&)> render;
};

// Returns every format a learner reads (terminal, Markdown, JUnit, Gradescope as the learner sees
// it, the schema JSON, HTML with a stand-in bundle), so a reveal test forgets none.
std::vector<Format> learner_formats();

// Returns the results.json a learner sees on Gradescope: every test but the hidden ones (the
// staff view), as text.
std::string gradescope_learner_text(const GradeResult& result);

// Returns the pitfalls-only fixtures above with the name its report folder gets (suite_name is the
// fixture's own learner): pass, fail_reveal_nothing, fail_reveal_title, fail_reveal_symptom,
// invalid_compile_error, invalid_reference_failures (the runner's batch tests use these six).
std::vector<std::pair<std::string, GradeResult>> named_fixtures();

// Returns full_with_generated at each reveal level, named full_reveal_nothing, full_reveal_title,
// full_reveal_symptom.
std::vector<std::pair<std::string, GradeResult>> named_full_grade_fixtures();

}  // namespace tinyllm::reports::fixtures
