// The check reports (terminal and JSON) against hand-made CheckResults: what the diagnosis may say
// under each reveal level, and that an unmatched failure is never given a confident name.
#include "tinyllm/reports/check_report.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

MutantInfo s07() {
  MutantInfo m;
  m.id = "s07";
  m.title = "weighting micro-batches 1/k";
  m.symptom = "wrong gradients whenever micro-batches differ in size";
  m.caught_by = {"Course.hand_example_accumulation"};
  m.file = "oracle/src/train/accumulate.cpp";
  return m;
}

CheckResult failing_check(Reveal reveal, bool confident) {
  CheckResult r;
  r.workspace = "my-module";
  r.seed = 20261201;
  r.seeds = {20261201, 1, 2};
  r.reveal = reveal;
  r.course_tests = {{"Course.hand_example_accumulation",
                     false,
                     {20261201, 1, 2},
                     "Expected equality of these values:\n  grad\n  expected",
                     "rerun me"},
                    {"Course.cast_rounds_both_directions", true, {}, "", ""}};
  r.differential = {
      {"cast", true, true, 100, ""},
      {"grad_accumulate", false, false, 12,
       "grad_accumulate of micro-batches of 1 and 3 rows: yours 0.5, reference 0.25"}};
  DiagnosisMatch match;
  match.mutant = s07();
  match.closeness = confident ? 1.0 : 0.25;
  match.shared = {"Course.hand_example_accumulation"};
  match.read_test = "Course.hand_example_accumulation";
  r.diagnosis = {{match}, confident, ""};
  r.module_verdict = Verdict::Fail;
  r.verdict = Verdict::Fail;
  return r;
}

// Catches: a diagnosis that names a pitfall's title or symptom when the course's reveal setting
// allows less (a learner would read the reference's bug list off the check).
TEST(CheckReport, diagnosis_names_only_what_reveal_allows) {
  for (const Reveal reveal : {Reveal::Nothing, Reveal::Title, Reveal::TitleAndSymptom}) {
    const CheckResult r = failing_check(reveal, true);
    const std::string terminal = render_check_terminal(r, false);
    const std::string json = render_check_json(r);
    for (const std::string& text : {terminal, json}) {
      EXPECT_NE(text.find("s07"), std::string::npos) << reveal_name(reveal);
      EXPECT_EQ(text.find("1/k") != std::string::npos, reveal != Reveal::Nothing)
          << reveal_name(reveal) << "\n"
          << text;
      EXPECT_EQ(text.find("whenever micro-batches") != std::string::npos,
                reveal == Reveal::TitleAndSymptom)
          << reveal_name(reveal) << "\n"
          << text;
    }
    EXPECT_NE(terminal.find("Read Course.hand_example_accumulation first"), std::string::npos);
  }
}

// Catches: a report that names a pitfall as the diagnosis although the diagnosis is not confident
// (a wrong diagnosis said with confidence sends a learner after the wrong bug).
TEST(CheckReport, an_unconfident_diagnosis_says_no_signature_matches) {
  const std::string terminal = render_check_terminal(failing_check(Reveal::Title, false), false);
  EXPECT_NE(terminal.find("no known pitfall's signature matches"), std::string::npos) << terminal;
  EXPECT_EQ(terminal.find("the failing course tests match"), std::string::npos) << terminal;
}

// Catches: a report that hides a failing course test's message, the differential counterexample
// or the verdict of either half.
TEST(CheckReport, terminal_shows_failures_counterexample_and_both_verdicts) {
  const std::string terminal = render_check_terminal(failing_check(Reveal::Title, true), false);
  EXPECT_NE(terminal.find("1/2 tests pass"), std::string::npos) << terminal;
  EXPECT_NE(terminal.find("Expected equality of these values"), std::string::npos);
  EXPECT_NE(terminal.find("yours 0.5, reference 0.25"), std::string::npos);
  EXPECT_NE(terminal.find("1/2 areas agree"), std::string::npos);
  EXPECT_NE(terminal.find("Verdict: FAIL (module FAIL, tests none yet"), std::string::npos);
}

// Catches: a JSON document without the tests' grade when there is one, or with a stale schema.
TEST(CheckReport, json_carries_the_tests_grade_and_its_schema) {
  CheckResult r = failing_check(Reveal::Title, true);
  nlohmann::json without = check_json(r);
  EXPECT_EQ(without["schema"], "tinyllm-check");
  EXPECT_TRUE(without["tests"].is_null());
  r.tests_grade = fixtures::pass_all_killed();
  nlohmann::json with = check_json(r);
  EXPECT_EQ(with["tests"]["verdict"], "PASS");
  EXPECT_EQ(with["tests"]["report"]["schemaVersion"], "2");
  EXPECT_EQ(with["module"]["courseTests"].size(), 2u);
  EXPECT_EQ(with["module"]["diagnosis"]["matches"][0]["id"], "s07");
}

}  // namespace
}  // namespace tinyllm::reports
