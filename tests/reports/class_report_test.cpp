// The class report: counts, the per-mutant survival, CSV safety and the SVG pictures.
#include "tinyllm/reports/class_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

std::vector<GradeResult> a_class() {
  GradeResult second_fail = fixtures::fail_with_survivors(Reveal::Title);
  second_fail.suite_name = "alan";
  second_fail.mutants[4].status = MutantStatus::Killed;  // alan catches s20; only s07 survives
  return {fixtures::fail_with_survivors(Reveal::Title), fixtures::pass_all_killed(),
          fixtures::invalid_compile_error(), second_fail};
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

// Catches: an INVALID suite counted as having graded mutants, wrong per-mutant detection counts, or
// unsorted learners.
TEST(ClassReport, CountsVerdictsAndHowManySuitesDetectedEachMutant) {
  const ClassSummary summary = summarize_class(a_class());
  EXPECT_EQ(summary.pass, 1);
  EXPECT_EQ(summary.fail, 2);
  EXPECT_EQ(summary.invalid, 1);
  ASSERT_EQ(summary.learners.size(), 4U);
  EXPECT_EQ(summary.learners[0].learner, "ada");  // sorted by name
  ASSERT_EQ(summary.mutants.size(), 6U);
  const ClassMutantRow& s07 = summary.mutants[0];
  EXPECT_EQ(s07.id, "s07");
  EXPECT_EQ(s07.graded, 3);  // the INVALID suite graded nothing
  EXPECT_EQ(s07.detected, 1);
  EXPECT_EQ(s07.survived_in, (std::vector<std::string>{"alan", "grace"}));
  EXPECT_EQ(summary.mutants[4].id, "s20");
  EXPECT_EQ(summary.mutants[4].detected, 2);
}

// Catches: a CSV row whose status letters are out of column order, or an INVALID suite given
// letters for runs that never happened.
TEST(ClassReport, TheLearnersCsvHasAStatusLetterPerMutantAndDashesForAnInvalidSuite) {
  const std::string csv = render_class_learners_csv(a_class());
  EXPECT_NE(csv.find("learner,verdict,score,detected,total,invalid_tests,attempt,learner_saw,s07,"
                     "s08,s11,s12,s20,"
                     "s21\r\n"),
            std::string::npos);
  EXPECT_NE(csv.find("grace,FAIL,0.6667,4,6,0,0,title,S,K,K,T,S,K\r\n"), std::string::npos);
  EXPECT_NE(csv.find("linus,INVALID,0.0000,0,0,0,0,title,-,-,-,-,-,-\r\n"), std::string::npos);
}

// Catches: a learner name with a comma or quote splitting its CSV row, or one starting with =
// running as a spreadsheet formula.
TEST(ClassReport, ALearnerNameCannotBreakACsvRowOrRunAsASpreadsheetFormula) {
  std::vector<GradeResult> results = {fixtures::pass_all_killed()};
  results[0].suite_name = "=HYPERLINK(\"x\"),a";
  const std::string csv = render_class_learners_csv(results);
  EXPECT_NE(csv.find("\"'=HYPERLINK(\"\"x\"\"),a\",PASS"), std::string::npos);
}

// Catches: a survival rate computed over all suites instead of the graded ones.
TEST(ClassReport, TheMutantsCsvGivesTheSurvivalRate) {
  const std::string csv = render_class_mutants_csv(a_class());
  EXPECT_NE(csv.find("s07,weighting micro-batches 1/k,3,1,0.6667,0\r\n"), std::string::npos);
  EXPECT_NE(csv.find("s08,summing micro-batch losses,3,3,0.0000,0\r\n"), std::string::npos);
}

// Catches: a missing or duplicated heat-map cell, the chart not sorted by survival, or a script in
// a page meant to open anywhere.
TEST(ClassReport, TheHeatMapHasOneCellPerLearnerAndMutantAndTheChartOneBarPerMutant) {
  const std::string html = render_class_html(a_class());
  EXPECT_EQ(occurrences(html, "class=\"cell\""), 4U * 6U);
  EXPECT_EQ(occurrences(html, "data-status=\"NotGraded\""), 6U);
  EXPECT_EQ(
      occurrences(html, "data-learner=\"grace\" data-mutant=\"s07\" data-status=\"Survived\""), 1U);
  EXPECT_EQ(occurrences(html, "class=\"bar\""), 6U);
  // Most-survived first: s07 (2 of 3) heads the chart.
  EXPECT_LT(html.find("class=\"bar\" data-mutant=\"s07\""),
            html.find("class=\"bar\" data-mutant=\"s20\""));
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

// Catches: class JSON that differs between runs of the same grades, or misses who a mutant survived
// in.
TEST(ClassReport, TheJsonListsLearnersAndMutantsAndIsDeterministic) {
  const std::string json = render_class_json(a_class());
  const nlohmann::json parsed = nlohmann::json::parse(json);
  EXPECT_EQ(parsed.at("summary").at("invalid"), 1);
  EXPECT_EQ(parsed.at("mutants").at(0).at("survivedIn"), (nlohmann::json{"alan", "grace"}));
  EXPECT_EQ(json, render_class_json(a_class()));
}

std::vector<GradeResult> a_class_with_generated() {
  GradeResult second = fixtures::full_with_generated(Reveal::Nothing);
  second.suite_name = "mary";
  second.mutants[6].status = MutantStatus::Killed;  // mary detects one of the two survivors
  return {fixtures::full_with_generated(Reveal::Title), second, fixtures::pass_all_killed()};
}

// Catches: generated mutants given a heat-map column each (a hundred columns), or a module file's
// column missing, or holding another learner's counts.
TEST(ClassReport, TheHeatMapHasAColumnPerPitfallAndOnePerModuleFileForGeneratedMutants) {
  const std::string html = render_class_html(a_class_with_generated());
  EXPECT_EQ(occurrences(html, "class=\"cell\""), 3U * (6U + 1U));
  EXPECT_EQ(occurrences(html,
                        "data-learner=\"katherine\" data-file=\"oracle/src/train/cast.cpp\" "
                        "data-detected=\"1/3\""),
            1U);
  EXPECT_EQ(occurrences(html,
                        "data-learner=\"mary\" data-file=\"oracle/src/train/cast.cpp\" "
                        "data-detected=\"2/3\""),
            1U);
  // ada was graded on the pitfalls alone: her cell for the file is not graded.
  EXPECT_EQ(occurrences(html,
                        "data-learner=\"ada\" data-file=\"oracle/src/train/cast.cpp\" "
                        "data-detected=\"-\""),
            1U);
  EXPECT_EQ(occurrences(html, "data-mutant=\"g"), 0U);
  EXPECT_EQ(occurrences(html, "class=\"bar\" data-file=\"oracle/src/train/cast.cpp\""), 1U);
  EXPECT_NE(html.find("<td>pitfalls only</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>full</td>"), std::string::npos);
}

// Catches: the class CSV and JSON leaving out the generated set or the set each suite was graded
// on, or a pitfall column shifted by generated mutants.
TEST(ClassReport, TheCsvAndJsonIncludeTheGeneratedSetAndEachSuitesGradedSet) {
  const std::string csv = render_class_learners_csv(a_class_with_generated());
  EXPECT_NE(
      csv.find("learner,verdict,score,detected,total,invalid_tests,attempt,learner_saw,s07,s08,s11,"
               "s12,s20,s21,"
               "oracle/src/train/cast.cpp\r\n"),
      std::string::npos)
      << csv;
  EXPECT_NE(csv.find("katherine,FAIL,0.7778,7,9,0,0,title,K,K,K,K,K,K,1/3\r\n"), std::string::npos);
  EXPECT_NE(csv.find("ada,PASS,1.0000,6,6,0,0,title,K,K,K,K,K,K,-\r\n"), std::string::npos);
  const std::string mutants = render_class_mutants_csv(a_class_with_generated());
  EXPECT_NE(mutants.find("g1a2b3c4d5e,oracle/src/train/cast.cpp:3: `<` replaced by `>=` "
                         "(cxx_lt_to_ge),2,1,0.5000,0\r\n"),
            std::string::npos)
      << mutants;
  const nlohmann::json json = nlohmann::json::parse(render_class_json(a_class_with_generated()));
  EXPECT_EQ(json.at("learners").at(0).at("learner"), "ada");
  EXPECT_EQ(json.at("learners").at(0).at("mutantSet"), "pitfalls");
  EXPECT_EQ(json.at("learners").at(1).at("mutantSet"), "full");
  EXPECT_EQ(json.at("learners").at(1).at("generated").at("oracle/src/train/cast.cpp"),
            (nlohmann::json{{"counted", 3}, {"detected", 1}}));
  EXPECT_EQ(
      json.at("generatedFiles").at(0),
      (nlohmann::json{
          {"file", "oracle/src/train/cast.cpp"}, {"graded", 2}, {"counted", 6}, {"detected", 3}}));
  // Pitfalls come first, then the generated mutants by line.
  EXPECT_EQ(json.at("mutants").at(0).at("id"), "s07");
  EXPECT_EQ(json.at("mutants").at(6).at("id"), fixtures::kGeneratedLtToGe);
  EXPECT_EQ(json.at("mutants").at(6).at("kind"), "generated");
}

}  // namespace
}  // namespace tinyllm::reports

namespace tinyllm::reports {
namespace {

std::vector<GradeResult> a_class_with_validity_and_reach() {
  return {fixtures::graded_with_invalid_tests(Reveal::Title), fixtures::every_test_invalid(),
          fixtures::pass_all_killed()};
}

// Catches: a learner's invalid tests missing from the class report, or a mutant no test reached
// counted among the survivors (the instructor could not tell untested code from weak asserts).
TEST(ClassReport, InvalidTestsAreCountedPerSuiteAndNotReachedApartFromSurvived) {
  const ClassSummary summary = summarize_class(a_class_with_validity_and_reach());
  EXPECT_EQ(summary.invalid_tests, 6);
  ASSERT_EQ(summary.learners.size(), 3U);
  EXPECT_EQ(summary.learners[0].learner, "ada");
  EXPECT_EQ(summary.learners[1].learner, "alonzo");
  EXPECT_EQ(summary.learners[1].invalid_tests, 2);
  const ClassLearnerRow& hedy = summary.learners[2];
  EXPECT_EQ(hedy.invalid_tests, 4);
  EXPECT_EQ(hedy.survived, (std::vector<std::string>{"s07", fixtures::kGeneratedLtToGe}));
  EXPECT_EQ(hedy.not_reached, (std::vector<std::string>{"s21", fixtures::kGeneratedRemoveCall}));
  const ClassMutantRow& s21 = summary.mutants[5];
  EXPECT_EQ(s21.id, "s21");
  EXPECT_TRUE(s21.survived_in.empty());
  EXPECT_EQ(s21.not_reached_in, (std::vector<std::string>{"hedy"}));

  const std::string csv = render_class_learners_csv(a_class_with_validity_and_reach());
  EXPECT_NE(csv.find("hedy,FAIL,0.5556,5,9,4,0,title,S,K,K,K,K,N,1/3\r\n"), std::string::npos)
      << csv;
  EXPECT_NE(csv.find("alonzo,INVALID,0.0000,0,0,2,0,title,-,-,-,-,-,-,-\r\n"), std::string::npos)
      << csv;
  const std::string mutants = render_class_mutants_csv(a_class_with_validity_and_reach());
  EXPECT_NE(mutants.find("s21,not replaying the generator,2,1,0.0000,1\r\n"), std::string::npos)
      << mutants;
  const nlohmann::json json =
      nlohmann::json::parse(render_class_json(a_class_with_validity_and_reach()));
  EXPECT_EQ(json.at("summary").at("invalidTests"), 6);
  EXPECT_EQ(json.at("learners").at(2).at("invalidTests"), 4);
  EXPECT_EQ(json.at("learners").at(2).at("notReached").at(0), "s21");
  EXPECT_EQ(json.at("mutants").at(5).at("notReachedIn"), (nlohmann::json{"hedy"}));
}

// Catches: the class page without each suite's invalid tests, or drawing an unreached mutant as a
// survivor in the heat map.
TEST(ClassReport, TheClassPageShowsInvalidTestsAndNotReachedCells) {
  const std::string html = render_class_html(a_class_with_validity_and_reach());
  EXPECT_NE(html.find("6 invalid tests"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"invalid-tests\">4</td>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"invalid-tests\">2</td>"), std::string::npos);
  EXPECT_EQ(
      occurrences(html, "data-learner=\"hedy\" data-mutant=\"s21\" data-status=\"NoCoverage\""),
      1U);
  EXPECT_EQ(occurrences(html, "class=\"unreached\""), 2U);  // s21's bar and cast.cpp's
  EXPECT_NE(html.find("not reached by any test"), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::reports
