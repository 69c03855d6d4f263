// What every learner-facing format says about invalid tests, per reveal level: the reference's
// failure always with its message, a semantic wheat's title and message only as the policy allows,
// a binary wheat's output never (even when the data holds one), and the count everywhere.
#include <gtest/gtest.h>

#include <functional>

#include "fixtures.hpp"
#include "tinyllm/reports/gradescope_report.hpp"
#include "tinyllm/reports/html_report.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/terminal_report.hpp"
#include "tinyllm/reports/validity_report.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

using fixtures::Format;

// The learner's formats and the reference-output file.
std::vector<Format> formats_with_reference_output() {
  std::vector<Format> all = fixtures::learner_formats();
  all.push_back({"reference-output.txt",
                 [](const GradeResult& r) { return render_reference_output(fixtures::shown(r)); }});
  return all;
}

constexpr Reveal kLevels[] = {Reveal::Nothing, Reveal::Title, Reveal::TitleAndSymptom};

// Catches: a report echoing what a test saw of a binary wheat (the fingerprinting attack learns the
// reference's bytes from such a message), in any format or at any reveal level, even if the
// grader had stored the message; or not saying that the test depends on the binary.
TEST(ValidityReveal, ABinaryWheatsFailureNeverShowsItsOutputInAnyFormat) {
  for (Reveal reveal : kLevels) {
    for (const GradeResult& result : {fixtures::graded_with_invalid_tests(reveal), [&] {
                                        GradeResult r = fixtures::every_test_invalid();
                                        r.reveal = reveal;
                                        return r;
                                      }()}) {
      for (const Format& format : formats_with_reference_output()) {
        const std::string text = format.render(result);
        EXPECT_FALSE(contains(text, "BINARY-W01-BYTES")) << format.name;
        EXPECT_FALSE(contains(text, "BINARY-W02-BYTES")) << format.name;
        EXPECT_TRUE(contains(text, "Fingerprint.MatchesReference")) << format.name;
        EXPECT_TRUE(contains(text,
                             "depends on the binary: it fails on the reference built by the "
                             "other compiler"))
            << format.name;
      }
    }
  }
}

// Catches: an unknown variant (a wheat the grade does not describe) treated like the reference,
// echoing its output.
TEST(ValidityReveal, AFailureOnAVariantTheGradeDoesNotKnowShowsNoOutput) {
  GradeResult result = fixtures::graded_with_invalid_tests(Reveal::TitleAndSymptom);
  result.invalid_tests[0].failures.push_back(
      {"w09", 5, "UNKNOWN-VARIANT-OUTPUT", "env LD_LIBRARY_PATH=build/variants/w09 ./suite"});
  for (const Format& format : formats_with_reference_output()) {
    const std::string text = format.render(result);
    EXPECT_FALSE(contains(text, "UNKNOWN-VARIANT-OUTPUT")) << format.name;
    EXPECT_TRUE(contains(text, "fails on w09, a correct implementation")) << format.name;
  }
}

// Catches: a reference failure's message or reproduce command hidden by the reveal policy (it is
// the learner's own test failing on the reference: nothing there is a secret).
TEST(ValidityReveal, AReferenceFailureAlwaysShowsItsMessageSeedAndReproduceCommand) {
  for (Reveal reveal : kLevels) {
    for (const Format& format : formats_with_reference_output()) {
      const std::string text = format.render(fixtures::graded_with_invalid_tests(reveal));
      EXPECT_TRUE(contains(text, "RANDOM-SIZES")) << format.name;
      EXPECT_TRUE(contains(text, "fails on the reference implementation (RapidCheck seed 77)"))
          << format.name;
      EXPECT_TRUE(contains(text, "seed=77")) << format.name;
    }
  }
}

// Catches: a semantic wheat's title shown with reveal = nothing, or its message, what it varies or
// the freedom that allows it shown below title_and_symptom; or any of them missing where allowed.
TEST(ValidityReveal, ASemanticWheatShowsItsIdAlwaysItsTitleFromTitleAndItsSymptomLast) {
  for (Reveal reveal : kLevels) {
    const bool title = reveal != Reveal::Nothing;
    const bool symptom = reveal == Reveal::TitleAndSymptom;
    for (const Format& format : formats_with_reference_output()) {
      const std::string text = format.render(fixtures::graded_with_invalid_tests(reveal));
      const std::string at = std::string(format.name) + " at " + std::string(reveal_name(reveal));
      EXPECT_TRUE(contains(text, "fails on wheat w03")) << at;
      EXPECT_EQ(contains(text, "error messages worded differently"), title) << at;
      EXPECT_EQ(contains(text, "checkpointing with another memory profile"), title) << at;
      EXPECT_EQ(contains(text, "WHEAT-W03-MESSAGE"), symptom) << at;
      EXPECT_EQ(contains(text, "WHEAT-W05-BYTES"), symptom) << at;
      EXPECT_EQ(contains(text, "worded and quoted differently"), symptom) << at;
      EXPECT_EQ(contains(text, "docs/contract-freedoms.md#error-messages"), symptom) << at;
    }
  }
}

// Catches: a format that leaves out how many tests were invalid, or an invalid test's name or the
// command that reproduces it.
TEST(ValidityReveal, EveryFormatCarriesTheInvalidTestCountTheirNamesAndReproduceCommands) {
  const GradeResult result = fixtures::graded_with_invalid_tests(Reveal::Title);
  for (const Format& format : formats_with_reference_output()) {
    const std::string text = format.render(result);
    for (const std::string& test : invalid_test_names(result)) {
      EXPECT_TRUE(contains(text, test)) << format.name << " " << test;
    }
    EXPECT_TRUE(contains(text, "--gtest_filter=Errors.PinsMessage")) << format.name;
    if (std::string(format.name) == "reference-output.txt") continue;
    EXPECT_TRUE(contains(text, "4 invalid tests")) << format.name;
  }
  EXPECT_EQ(mutation_report_json(fixtures::shown(result)).at("config").at("invalidTestCount"), 4);
  EXPECT_TRUE(contains(render_junit_report(fixtures::shown(result)),
                       "<property name=\"invalid_tests\" value=\"4\"/>"));
  EXPECT_TRUE(contains(render_terminal_report(fixtures::shown(result), false),
                       "Validity: per-test; 4 invalid tests (not graded); a valid test passes on "
                       "the reference with every seed and on 5 wheats (w01, w02, w03, w04, w05)."));
}

// Catches: an invalid test missing from JUnit, or shown as a failure of a graded grade (it was not
// graded: skipped) or as skipped when it made the grade INVALID (an error).
TEST(ValidityReveal, JunitSkipsAnInvalidTestOfAGradedSuiteAndErrsOnAnInvalidGrade) {
  const std::string graded =
      render_junit_report(fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Title)));
  EXPECT_TRUE(contains(graded, "tests=\"13\" failures=\"4\" errors=\"0\" skipped=\"4\""));
  EXPECT_TRUE(
      contains(graded,
               "<testcase name=\"Errors.PinsMessage accepts every correct implementation\" "
               "classname=\"tinyllm.validity\" time=\"0.000\">\n      <skipped "
               "message=\"Errors.PinsMessage fails on wheat w03 (error messages worded "
               "differently), a correct implementation: not graded\" type=\"InvalidTest\">"));
  const std::string invalid = render_junit_report(fixtures::shown(fixtures::every_test_invalid()));
  EXPECT_TRUE(contains(invalid, "tests=\"2\" failures=\"0\" errors=\"2\" skipped=\"0\""));
}

// Catches: Gradescope hiding an invalid test among passing ones, or scoring it.
TEST(ValidityReveal, GradescopeListsEachInvalidTestAsAFailedTestWorthNothing) {
  const json results =
      fixtures::gradescope_results(fixtures::graded_with_invalid_tests(Reveal::Title));
  int invalid = 0;
  for (const json& test : results.at("tests")) {
    if (!contains(test.at("name"), "Invalid test (not graded): ")) continue;
    ++invalid;
    EXPECT_EQ(test.at("status"), "failed");
    EXPECT_EQ(test.at("max_score"), 0);
  }
  EXPECT_EQ(invalid, 4);
  EXPECT_EQ(results.at("score"), 5);
}

// Catches: a graded suite's invalid tests left out of the verdict's reasons, or a strict grade
// whose reasons do not say the policy made it INVALID.
TEST(ValidityReveal, TheReasonsNameTheInvalidTestsAndTheStrictPolicy) {
  const std::string graded =
      render_markdown_report(fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Title)));
  EXPECT_TRUE(
      contains(graded,
               "4 invalid tests were not graded: Accumulate.RandomSizes, "
               "Errors.PinsMessage, Checkpoint.PinsPeakBytes, Fingerprint.MatchesReference"));
  GradeResult strict = fixtures::invalid_reference_failures();
  strict.invalid_reasons.clear();
  EXPECT_TRUE(contains(render_terminal_report(fixtures::shown(strict), false),
                       "2 tests fail on a correct implementation (the reference or a wheat): "
                       "Accumulate.HandExample, Scaler.SkipsInfSteps. A test that rejects correct "
                       "code is wrong, and the strict validity policy grades nothing then."));
}

}  // namespace
}  // namespace tinyllm::reports
