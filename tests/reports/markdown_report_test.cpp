// The Markdown summary.
#include "tinyllm/reports/markdown_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

// Catches: the verdict, score line, a mutant's row or the required-survivor reason missing from the
// summary.
TEST(MarkdownReport, HasVerdictScoreAndOneTableRowPerMutant) {
  const std::string text =
      render_markdown_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  EXPECT_TRUE(contains(text, "**FAIL**"));
  EXPECT_TRUE(contains(text, "4/6 mutants detected (66.7%), threshold 80.0%"));
  EXPECT_TRUE(contains(text, "| s07 | **Survived** | weighting micro-batches 1/k | — |"));
  EXPECT_TRUE(contains(text, "| s12 | Timeout |"));
  EXPECT_TRUE(contains(text, "Every pitfall mutant must be detected; 2 survived: s07, s20."));
}

// Catches: reveal = nothing leaking a survivor's title in the table or the survivor list.
TEST(MarkdownReport, RevealNothingHidesTheSurvivorsTitleInTheTableAndTheList) {
  const std::string text =
      render_markdown_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)));
  EXPECT_FALSE(contains(text, "weighting micro-batches"));
  EXPECT_TRUE(contains(text, "| s07 | **Survived** | *(hidden until detected)* |"));
  EXPECT_TRUE(contains(text, "**a mutant survived (s07)**"));
}

// Catches: a log holding ``` ending its code fence early, so the rest of the log renders as
// Markdown.
TEST(MarkdownReport, ACompileLogWithBackticksCannotCloseItsCodeFence) {
  GradeResult result = fixtures::invalid_compile_error();
  result.compile_log = "note: ```` in a log\n";
  const std::string text = render_markdown_report(fixtures::shown(result));
  EXPECT_TRUE(contains(text, "`````text\nnote: ```` in a log\n`````"));
}

// Catches: an INVALID summary without the command that reproduces a failure, or with a mutant table
// for runs that never happened.
TEST(MarkdownReport, ReferenceFailuresCarryTheirReproduceCommand) {
  const std::string text =
      render_markdown_report(fixtures::shown(fixtures::invalid_reference_failures()));
  EXPECT_TRUE(contains(text, "**INVALID**"));
  EXPECT_TRUE(contains(
      text,
      "tinyllm-grade reproduce submissions/barbara --test Accumulate.HandExample --seed 20240611"));
  EXPECT_FALSE(contains(text, "| Mutant |"));
}

// Catches: a suite that prints without end turning summary.md into hundreds of kilobytes (198 KB
// measured before the excerpt), too big for a merge-request comment, or an excerpt that hides where
// the whole output went.
TEST(MarkdownReport, AReferenceFailuresOutputIsAnExcerptThatNamesTheFullLog) {
  const std::string text =
      render_markdown_report(fixtures::shown(fixtures::failure_that_printed(10000)));
  EXPECT_LE(fixtures::line_count(text), 120U) << text;
  EXPECT_TRUE(contains(text, "printed line 40\n[... 9920 lines left out"));
  EXPECT_TRUE(contains(text, "reference-output.txt in the report folder"));
  EXPECT_TRUE(contains(text, "printed line 10000\n"));
  EXPECT_FALSE(contains(text, "printed line 41\n"));
}

}  // namespace
}  // namespace tinyllm::reports
