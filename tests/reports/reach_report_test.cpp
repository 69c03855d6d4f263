// What the reports say about reach: NoCoverage told apart from a survivor tests run, coveredBy in
// the schema JSON, and the tests that run mutated code but detect nothing.
#include <gtest/gtest.h>

#include <set>

#include "fixtures.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

const json& mutant(const json& report, const std::string& file, const std::string& id) {
  for (const json& entry : report.at("files").at(file).at("mutants")) {
    if (entry.at("id") == id) return entry;
  }
  throw std::runtime_error("no mutant " + id);
}

// Catches: a test that kills a mutant listed as detecting nothing, one that only reaches code left
// out, a crash-kill's running test not counted as detecting, or a list when reach was not measured.
TEST(ReachReport, TestsReachingWithoutDetectingAreThoseInCoveredByThatKillNothing) {
  GradeResult result = fixtures::graded_with_invalid_tests(Reveal::Title);
  EXPECT_EQ(tests_reaching_without_detecting(result), (std::vector<std::string>{"Scaler.Smoke"}));
  // Scaler.Smoke named as the test running when s12 timed out: it detected s12.
  for (MutantResult& m : result.mutants) {
    if (m.mutant.id == "s12") m.killed_by.push_back("Scaler.Smoke");
  }
  EXPECT_TRUE(tests_reaching_without_detecting(result).empty());
  EXPECT_TRUE(
      tests_reaching_without_detecting(fixtures::fail_with_survivors(Reveal::Title)).empty());
}

// Catches: the list of tests that reach but detect nothing missing from the terminal, Markdown or
// JSON report.
TEST(ReachReport, TerminalMarkdownAndJsonListTheTestsThatReachButDetectNothing) {
  const GradeResult result = fixtures::graded_with_invalid_tests(Reveal::Title);
  const std::string line = "Tests that run mutated code but detect nothing: Scaler.Smoke.";
  EXPECT_TRUE(contains(render_terminal_report(fixtures::shown(result), false), line));
  EXPECT_TRUE(contains(render_markdown_report(fixtures::shown(result)), line));
  EXPECT_EQ(mutation_report_json(fixtures::shown(result))
                .at("config")
                .at("testsReachingWithoutDetecting"),
            (json{"Scaler.Smoke"}));
  EXPECT_EQ(mutation_report_json(fixtures::shown(result)).at("config").at("reachMeasured"), true);
}

// Catches: a NoCoverage mutant reported as an ordinary survivor (or as detected), so a learner
// cannot tell "no test runs this code" from "tests run it but none fails".
TEST(ReachReport, EveryFormatTellsAnUnreachedMutantFromOneTestsRunButDoNotCatch) {
  const GradeResult result = fixtures::graded_with_invalid_tests(Reveal::Title);
  const std::string terminal = render_terminal_report(fixtures::shown(result), false);
  const std::string markdown = render_markdown_report(fixtures::shown(result));
  EXPECT_TRUE(contains(terminal, "  s21  NoCoverage"));
  EXPECT_TRUE(contains(terminal, "s21: not replaying the generator [no test runs this code]"));
  EXPECT_TRUE(contains(terminal, "s07: weighting micro-batches 1/k [tests run it but none fails]"));
  EXPECT_TRUE(contains(markdown,
                       "Your tests run its code (Accumulate.HandExample, Scaler.Smoke), "
                       "but none fails on it."));
  EXPECT_TRUE(contains(markdown,
                       "None of your tests runs the code where the pitfall \"not "
                       "replaying the generator\" would be"));
  EXPECT_TRUE(contains(terminal, "5/9 mutants detected (55.6%)"));
  EXPECT_TRUE(contains(terminal, "  + 3 generated mutants: 1 detected, 1 survived, 1 not reached"));
  EXPECT_TRUE(contains(terminal, "s21 (no test runs its code)"));
  EXPECT_TRUE(contains(terminal, "cxx_remove_call_statement  1 not reached (line 4)"));
  GradeResult hidden = fixtures::graded_with_invalid_tests(Reveal::Nothing);
  EXPECT_TRUE(contains(render_terminal_report(fixtures::shown(hidden), false),
                       "2 generated mutants not detected (g1a2b3c4d5e, g2b3c4d5e6f): 1 survived, 1 "
                       "not reached"));
  EXPECT_TRUE(contains(terminal, "Reach: 2 of 9 mutants are in code no test runs"));
  EXPECT_TRUE(contains(markdown,
                       "| s21 | **NoCoverage** | not replaying the generator | no test "
                       "runs its code |"));
  EXPECT_TRUE(contains(markdown,
                       "**s07: weighting micro-batches 1/k** (tests run it but none "
                       "fails)"));
  EXPECT_TRUE(contains(markdown,
                       "| oracle/src/train/cast.cpp | cxx_remove_call_statement | 0/1 | "
                       "0 | 1 |"));
  EXPECT_TRUE(
      contains(render_junit_report(fixtures::shown(result)),
               "<failure message=\"s21: not replaying the generator\" type=\"NoCoverage\">"));
  const json report = mutation_report_json(fixtures::shown(result));
  EXPECT_EQ(mutant(report, "oracle/src/train/checkpoint.cpp", "s21").at("status"), "NoCoverage");
  EXPECT_EQ(mutant(report, "oracle/src/train/checkpoint.cpp", "s21").at("statusReason"),
            "no test runs its code");
}

// Catches: coveredBy missing, naming a test testFiles does not define, or (with reveal = nothing)
// naming the tests that run a survivor's code, which points at where it is.
TEST(ReachReport, TheSchemaJsonGivesCoveredByAsTheRevealPolicyAllows) {
  const json shown =
      mutation_report_json(fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Title)));
  EXPECT_EQ(mutant(shown, "oracle/src/train/accumulate.cpp", "s07").at("coveredBy"),
            (json{"Accumulate.HandExample", "Scaler.Smoke"}));
  EXPECT_EQ(mutant(shown, "oracle/src/train/checkpoint.cpp", "s21").at("coveredBy"), json::array());
  std::set<std::string> defined;
  for (const auto& [path, file] : shown.at("testFiles").items()) {
    for (const json& test : file.at("tests")) defined.insert(test.at("id"));
  }
  for (const auto& [path, file] : shown.at("files").items()) {
    for (const json& entry : file.at("mutants")) {
      for (const json& test : entry.value("coveredBy", json::array())) {
        EXPECT_TRUE(defined.count(test.get<std::string>())) << test;
      }
    }
  }
  const json hidden =
      mutation_report_json(fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Nothing)));
  EXPECT_FALSE(mutant(hidden, "oracle/src/train/accumulate.cpp", "s07").contains("coveredBy"));
  EXPECT_EQ(mutant(hidden, "oracle/src/train/loss_scaler.cpp", "s11").at("coveredBy"),
            (json{"Scaler.HandExample", "Scaler.Smoke"}));
  // Without reach, no coveredBy at all: the schema says to leave out what is not measured.
  const json unmeasured =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  EXPECT_FALSE(mutant(unmeasured, "oracle/src/train/loss_scaler.cpp", "s11").contains("coveredBy"));
}

// Catches: an invalid test listed in the viewer's test list as if it had been graded.
TEST(ReachReport, TheSchemaJsonNamesAnInvalidTestAsNotGraded) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Title)));
  int invalid = 0;
  for (const json& test : report.at("testFiles").at("invalid_test.cpp").at("tests")) {
    EXPECT_EQ(test.at("name"), test.at("id").get<std::string>() + " (invalid: not graded)");
    ++invalid;
  }
  EXPECT_EQ(invalid, 4);
}

}  // namespace
}  // namespace tinyllm::reports
