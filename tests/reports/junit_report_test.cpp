// JUnit XML content (well-formedness and the XSD are checked by xmllint in CTest).
#include "tinyllm/reports/junit_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

// Catches: wrong test/failure counts, a survivor not marked as a failure, or a detected mutant
// marked as one.
TEST(JunitReport, OneTestCasePerMutantAndASurvivorIsAFailureWithItsPitfall) {
  const std::string xml =
      render_junit_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  EXPECT_TRUE(contains(xml, "tests=\"6\" failures=\"2\" errors=\"0\""));
  EXPECT_TRUE(
      contains(xml, "<failure message=\"s07: weighting micro-batches 1/k\" type=\"Survived\">"));
  EXPECT_TRUE(contains(xml,
                       "<testcase name=\"s12 stepping on non-finite gradients\" "
                       "classname=\"tinyllm.mutants\" time=\"30.000\"/>"));
}

// Catches: reveal = nothing leaking a survivor's title through the test case name or failure
// message.
TEST(JunitReport, RevealNothingKeepsTheTitleOutOfTheCaseNameAndMessage) {
  const std::string xml =
      render_junit_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)));
  EXPECT_FALSE(contains(xml, "weighting micro-batches"));
  EXPECT_TRUE(contains(xml, "<testcase name=\"s07\""));
  EXPECT_TRUE(contains(xml, "message=\"a mutant survived (s07)\""));
}

// Catches: raw escape codes or unescaped markup from a compile log making the XML ill-formed.
TEST(JunitReport, ACompileErrorIsAnErrorCaseWithTheLogMadeLegalXml) {
  const std::string xml = render_junit_report(fixtures::shown(fixtures::invalid_compile_error()));
  EXPECT_TRUE(contains(xml, "type=\"CompileError\""));
  EXPECT_TRUE(contains(xml, "\\x1b[1;31merror:"));
  EXPECT_FALSE(contains(xml, "\x1b"));
  EXPECT_TRUE(contains(xml, "&lt;/script&gt;"));
}

// Catches: reference failures merged into one case, counted as failures instead of errors, or
// without their reproduce command.
TEST(JunitReport, EachReferenceFailureIsAnErrorWithItsReproduceCommand) {
  const std::string xml =
      render_junit_report(fixtures::shown(fixtures::invalid_reference_failures()));
  EXPECT_TRUE(contains(xml, "tests=\"2\" failures=\"0\" errors=\"2\""));
  EXPECT_TRUE(contains(xml,
                       "reproduce: tinyllm-grade reproduce submissions/barbara --test "
                       "Scaler.SkipsInfSteps --seed 77"));
}

// Catches: a suite that prints without end copied whole into junit.xml, which CI systems then show
// (or choke on) in full.
TEST(JunitReport, AReferenceFailuresOutputIsAnExcerptThatNamesTheFullLog) {
  const std::string xml =
      render_junit_report(fixtures::shown(fixtures::failure_that_printed(10000)));
  EXPECT_LE(fixtures::line_count(xml), 120U);
  EXPECT_TRUE(contains(xml, "reference-output.txt in the report folder"));
  EXPECT_TRUE(contains(xml, "printed line 10000"));
}

}  // namespace
}  // namespace tinyllm::reports
