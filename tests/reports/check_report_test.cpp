// The check reports (terminal and JSON) against hand-made CheckResults: what the diagnosis may say
// under each reveal level, and that an unmatched failure is never given a confident name.
#include "tinyllm/reports/check_report.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "tinyllm/reports/audience.hpp"
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

// Returns `text` with every run of white space (the wrap's line breaks and indents) one space.
std::string flat(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
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
  r.diagnosis.matches = {match};
  r.diagnosis.areas = {{"cast", 100, 0}, {"grad_accumulate", 100, 40}};
  r.diagnosis.mutants_compared = 253;
  if (confident) {
    r.diagnosis.behaviour = {{s07(), {"grad_accumulate"}, 0}};
    r.diagnosis.named = r.diagnosis.behaviour;
  } else {
    r.diagnosis.behaviour = {{s07(), {"grad_accumulate"}, 12}};
    r.diagnosis.unexplained = {"grad_accumulate"};
  }
  r.diagnosis.confident = confident;
  r.module_verdict = Verdict::Fail;
  r.verdict = Verdict::Fail;
  return r;
}

// Catches: a diagnosis that names a pitfall's title or symptom when the course's reveal setting
// allows less (a learner would read the reference's bug list off the check).
TEST(CheckReport, diagnosis_names_only_what_reveal_allows) {
  for (const Reveal reveal : {Reveal::Nothing, Reveal::Title, Reveal::TitleAndSymptom}) {
    const CheckResult r = failing_check(reveal, true);
    const std::string terminal = render_check_terminal(for_reader(r), false);
    const std::string json = render_check_json(for_reader(r));
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

// Catches: a report that names a pitfall as the diagnosis although no mutant behaves like the
// module (a wrong diagnosis said with confidence sends a learner after the wrong bug), or that
// passes a close test signature off as more than a hint.
TEST(CheckReport, an_unconfident_diagnosis_names_no_bug_and_calls_the_signature_a_hint) {
  const std::string terminal =
      flat(render_check_terminal(for_reader(failing_check(Reveal::Title, false)), false));
  EXPECT_NE(terminal.find("Diagnosis: no known mutant behaves like your module"), std::string::npos)
      << terminal;
  EXPECT_EQ(terminal.find("behaves exactly like"), std::string::npos) << terminal;
  EXPECT_NE(terminal.find("A hint only: the failing course tests resemble those of s07"),
            std::string::npos)
      << terminal;
  EXPECT_NE(terminal.find("also differs from the reference on 12 inputs where yours is right"),
            std::string::npos)
      << terminal;
}

// Catches: a behavioural diagnosis that does not say per area what was compared and how many
// inputs agreed, or that names the bug without the area it explains.
TEST(CheckReport, a_confident_diagnosis_says_per_area_what_agreed_and_what_behaves_alike) {
  const std::string terminal =
      flat(render_check_terminal(for_reader(failing_check(Reveal::Title, true)), false));
  EXPECT_NE(terminal.find("the reference and 253 known mutants on the same 100 inputs per area"),
            std::string::npos)
      << terminal;
  EXPECT_NE(terminal.find("grad_accumulate: yours differs from the reference on 40 of 100 inputs; "
                          "it behaves exactly like s07: weighting micro-batches 1/k on all 100."),
            std::string::npos)
      << terminal;
  EXPECT_NE(terminal.find("cast agrees with the reference on every input."), std::string::npos)
      << terminal;
  EXPECT_NE(terminal.find("Diagnosis: your module behaves exactly like s07"), std::string::npos)
      << terminal;
  EXPECT_EQ(terminal.find("A hint only"), std::string::npos) << terminal;
}

// Catches: two bugs in different areas reported as one, or only the first of them named.
TEST(CheckReport, two_named_bugs_are_both_said_with_their_areas) {
  CheckResult r = failing_check(Reveal::Title, true);
  MutantInfo s22;
  s22.id = "s22";
  s22.title = "not restoring the generator after the rerun";
  r.diagnosis.areas.push_back({"checkpoint_sequential", 100, 30});
  r.diagnosis.named.push_back({s22, {"checkpoint_sequential"}, 0});
  r.diagnosis.behaviour = r.diagnosis.named;
  const std::string terminal = flat(render_check_terminal(for_reader(r), false));
  EXPECT_NE(terminal.find("2 bugs at once: your module behaves exactly like s07: weighting "
                          "micro-batches 1/k in grad_accumulate; and like s22: not restoring"),
            std::string::npos)
      << terminal;
  EXPECT_EQ(check_json(r)["module"]["diagnosis"]["named"].size(), 2u);
}

// Catches: a report that hides a failing course test's message, the differential counterexample
// or the verdict of either half.
TEST(CheckReport, terminal_shows_failures_counterexample_and_both_verdicts) {
  const std::string terminal =
      render_check_terminal(for_reader(failing_check(Reveal::Title, true)), false);
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
  EXPECT_EQ(with["module"]["diagnosis"]["signatureHints"][0]["id"], "s07");
  EXPECT_EQ(with["module"]["diagnosis"]["named"][0]["id"], "s07");
  EXPECT_EQ(with["module"]["diagnosis"]["behaviour"]["areas"][1]["differing"], 40);
}

}  // namespace
}  // namespace tinyllm::reports
