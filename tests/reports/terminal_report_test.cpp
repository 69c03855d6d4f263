// The terminal report: colour only when asked, survivors described exactly as the reveal setting
// allows, and INVALID grades show what to fix.
#include "tinyllm/reports/terminal_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

// Catches: ANSI colour codes written into a pipe or terminal.txt, or colour never shown on a real
// terminal.
TEST(TerminalReport, NoEscapeCodesWhenTheOutputIsNotATerminal) {
  const std::string plain =
      render_terminal_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), false);
  EXPECT_FALSE(contains(plain, "\x1b["));
  const std::string coloured =
      render_terminal_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), true);
  EXPECT_TRUE(contains(coloured, "\x1b["));
}

// Catches: a mutant row, the score line, the verdict or a timed-out mutant missing from the table.
TEST(TerminalReport, ShowsEveryMutantTheScoreAgainstTheThresholdAndTheVerdict) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), false);
  for (const char* id : {"s07", "s08", "s11", "s12", "s20", "s21"})
    EXPECT_TRUE(contains(text, id)) << id;
  EXPECT_TRUE(contains(text, "4/6 mutants detected (66.7%), threshold 80.0%"));
  EXPECT_TRUE(contains(text, "Verdict: FAIL"));
  EXPECT_TRUE(contains(text, "Timeout"));
  EXPECT_TRUE(contains(text, "crashed with SIGSEGV") ||
              contains(text, "Checkpoint.ReplaysDropout"));
}

// Catches: a long list of killing tests wrapped onto the next line, breaking the table's columns.
TEST(TerminalReport, LongKillerListsAreTruncatedNotWrapped) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), false);
  EXPECT_TRUE(contains(text, "Accumulate.EqualsOneBigBatch, Accumulate.HandExample and 2 more") ||
              contains(text, "Accumulate.EqualsOneBigBatch and 3 more"));
  EXPECT_FALSE(contains(text, "Scaler.SkipsInfSteps"));
}

// Catches: reveal = nothing leaking a survivor's title or symptom, or hiding the titles of killed
// mutants too.
TEST(TerminalReport, RevealNothingNamesOnlyTheSurvivorsIdNeverItsTitle) {
  const std::string text = render_terminal_report(
      fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)), false);
  EXPECT_TRUE(contains(text, "a mutant survived (s07)"));
  EXPECT_FALSE(contains(text, "weighting micro-batches"));
  EXPECT_FALSE(contains(text, "gets its gradient twice"));
  EXPECT_TRUE(contains(text, "not catch that pitfall."));
  EXPECT_TRUE(
      contains(text, "summing micro-batch losses"));  // a killed mutant's title is no secret
}

// Catches: reveal = title leaking the symptom as well.
TEST(TerminalReport, RevealTitleNamesThePitfallButNotItsSymptom) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), false);
  EXPECT_TRUE(contains(text, "s07: weighting micro-batches 1/k"));
  EXPECT_FALSE(contains(text, "wrong gradient whenever the sizes differ"));
}

// Catches: reveal = title_and_symptom dropping the symptom.
TEST(TerminalReport, RevealSymptomNamesThePitfallAndItsSymptom) {
  const std::string text = render_terminal_report(
      fixtures::shown(fixtures::fail_with_survivors(Reveal::TitleAndSymptom)), false);
  EXPECT_TRUE(contains(
      text,
      "s07: weighting micro-batches 1/k (symptom: wrong gradient whenever the sizes differ)"));
}

// Catches: an empty "What survived" heading printed under a PASS.
TEST(TerminalReport, APassHasNoSurvivorSection) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::pass_all_killed()), false);
  EXPECT_TRUE(contains(text, "Verdict: PASS"));
  EXPECT_FALSE(contains(text, "What survived"));
}

// Catches: a suite that does not compile shown a table of mutants it never ran, or without the
// compiler's message.
TEST(TerminalReport, ACompileErrorShowsTheCompilersDiagnosticsAndNoMutantTable) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::invalid_compile_error()), false);
  EXPECT_TRUE(contains(text, "Verdict: INVALID"));
  EXPECT_TRUE(contains(text, "'grad_acumulate' was not declared"));
  EXPECT_FALSE(contains(text, "killed by"));
}

// Catches: a failing reference test shown without its seed, its GoogleTest message or the command
// that reruns it.
TEST(TerminalReport, ReferenceFailuresShowTheTestItsSeedAndTheCommandThatReproducesIt) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::invalid_reference_failures()), false);
  EXPECT_TRUE(
      contains(text,
               "Accumulate.HandExample fails on the reference implementation (RapidCheck seed "
               "20240611)"));
  EXPECT_TRUE(contains(text,
                       "reproduce: tinyllm-grade reproduce submissions/barbara --test "
                       "Scaler.SkipsInfSteps --seed 77"));
  EXPECT_TRUE(contains(text, "    Which is: 0.25"));
}

// Catches: a suite that prints without end turning the terminal report into hundreds of kilobytes
// (210 KB measured before the excerpt), or an excerpt that hides where the whole output went.
TEST(TerminalReport, AReferenceFailuresOutputIsAnExcerptThatNamesTheFullLog) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::failure_that_printed(10000)), false);
  EXPECT_LE(fixtures::line_count(text), 110U) << text;
  EXPECT_TRUE(contains(text, "    printed line 40\n    [... 9920 lines left out"));
  EXPECT_TRUE(
      contains(text, "reference-output.txt in the report folder ...]\n    printed line 9961\n"));
  EXPECT_TRUE(contains(text, "printed line 10000"));
  EXPECT_FALSE(contains(text, "printed line 41\n"));
  EXPECT_TRUE(contains(text,
                       "reproduce: tinyllm-grade reproduce submissions/barbara --test "
                       "Accumulate.HandExample"));
}

}  // namespace
}  // namespace tinyllm::reports
