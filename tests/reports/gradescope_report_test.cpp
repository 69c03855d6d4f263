// Gradescope's results.json content.
#include "tinyllm/reports/gradescope_report.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

// Catches: a total that is not the sum of the tests' scores, a status that contradicts its score,
// or a timed-out mutant scored as survived.
TEST(GradescopeResults, EachDetectedMutantIsAPassedPointAndASurvivorAFailedOne) {
  const json results = fixtures::gradescope_results(fixtures::fail_with_survivors(Reveal::Title));
  const json& tests = results.at("tests");
  ASSERT_EQ(tests.size(), 8U);  // the reference check, six mutants and the staff view
  EXPECT_EQ(results.at("score"), 4);
  double sum = 0;
  for (const json& test : tests) {
    sum += test.at("score").get<double>();
    EXPECT_EQ(test.at("status"), test.at("score") == test.at("max_score") ? "passed" : "failed")
        << test.at("name");
    EXPECT_EQ(test.at("visibility"), &test == &tests.back() ? "hidden" : "visible");
  }
  EXPECT_EQ(sum, 4);
  EXPECT_EQ(tests.at(1).at("name"), "Mutant s07: weighting micro-batches 1/k");
  EXPECT_EQ(tests.at(1).at("status"), "failed");
  EXPECT_EQ(tests.at(4).at("status"), "passed");  // s12 timed out: detected
}

// Catches: reveal = nothing leaking a survivor's title through Gradescope's test names or output.
TEST(GradescopeResults, RevealNothingKeepsTheTitleOutOfTheTestNameAndOutput) {
  const std::string text =
      fixtures::gradescope_learner_text(fixtures::fail_with_survivors(Reveal::Nothing));
  EXPECT_EQ(text.find("weighting micro-batches"), std::string::npos);
  EXPECT_NE(text.find("\"Mutant s07\""), std::string::npos);
}

// Catches: an INVALID suite given points, or given zero without the reason and reproduce command in
// its output.
TEST(GradescopeResults, AnInvalidSuiteScoresZeroAndSaysWhy) {
  const json results = fixtures::gradescope_results(fixtures::invalid_reference_failures());
  EXPECT_EQ(results.at("score"), 0);
  EXPECT_EQ(results.at("tests").at(0).at("status"), "failed");
  EXPECT_NE(results.at("output").get<std::string>().find("--seed 77"), std::string::npos);
  EXPECT_EQ(results.at("output_format"), "md");
}

}  // namespace
}  // namespace tinyllm::reports
