// The HTML page's structure and the grade it leads with; rendering is checked in a real browser
// by check_html_report.sh.
#include "tinyllm/reports/html_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "tinyllm/reports/feedback.hpp"

namespace tinyllm::reports {
namespace {

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

constexpr const char* kBundle = "var bundle = 1;";
constexpr const char* kApp = "<mutation-test-report-app";

// Returns the page's text before the viewer element: its head and the grade's header.
std::string before_the_viewer(const std::string& page) {
  const std::size_t app = page.find(kApp);
  EXPECT_NE(app, std::string::npos);
  return page.substr(0, app);
}

// Returns the grade's <header> element, which must end before the viewer starts.
std::string grade_header(const std::string& page) {
  const std::string before = before_the_viewer(page);
  const std::size_t begin = before.find("<header id=\"grade\"");
  const std::size_t end = before.find("</header>");
  EXPECT_NE(begin, std::string::npos) << "no grade header before the viewer";
  EXPECT_NE(end, std::string::npos) << "the grade header does not end before the viewer";
  if (begin == std::string::npos || end == std::string::npos || end < begin) return "";
  return before.substr(begin, end - begin);
}

// Returns the header's row of pitfall `id`.
std::string pitfall_row(const std::string& header, const std::string& id) {
  const std::size_t at = header.find("data-mutant=\"" + id + "\"");
  if (at == std::string::npos) return "";
  const std::size_t row = header.rfind("<tr", at);
  return header.substr(row, header.find("</tr>", at) - row);
}

// Catches: a learner's source holding </script> or <!-- ending the embedded report's script,
// breaking the page or injecting markup.
TEST(HtmlReport, AScriptEndTagInATestsSourceCannotCloseTheReportsScriptEarly) {
  const std::string page = render_html_report(
      fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), "var bundle = 1;");
  // Two script elements (bundle, report), so exactly two end tags; the source's "</script>" and
  // "<!--" are escaped.
  EXPECT_EQ(occurrences(page, "</script>"), 2U);
  EXPECT_EQ(occurrences(page, "<!--"), 0U);
  EXPECT_NE(page.find("<\\/script>"), std::string::npos);
}

// Catches: escaping for the script element that changes the JSON's meaning.
TEST(HtmlReport, EscapedJsonIsStillTheSameJson) {
  const std::string text = R"({"source":"a </script> b <!-- c"})";
  const std::string escaped = escape_json_for_script(text);
  EXPECT_EQ(escaped, R"({"source":"a <\/script> b \u003c!-- c"})");
  EXPECT_EQ(nlohmann::json::parse(escaped), nlohmann::json::parse(text));
}

// Catches: a viewer bundle that contains </script> inlined raw, which cuts the page short.
TEST(HtmlReport, ABundleThatHoldsAScriptTagIsInlinedAsADataUrlInstead) {
  const std::string page = render_html_report(fixtures::shown(fixtures::pass_all_killed()),
                                              "var s = '</script><script>';");
  EXPECT_EQ(page.find("var s ="), std::string::npos);
  EXPECT_NE(page.find("data:text/javascript;base64,dmFyIHMgPSAnPC9zY3JpcHQ+PHNjcmlwdD4nOw=="),
            std::string::npos);
}

// Catches: a page that loads the viewer from the network, which fails offline and in LMS sandboxes.
TEST(HtmlReport, TheBundleIsInlinedSoThePageNeedsNoNetwork) {
  const std::string page =
      render_html_report(fixtures::shown(fixtures::pass_all_killed()), "var marker_1234 = 1;");
  EXPECT_NE(page.find("<script>\nvar marker_1234 = 1;\n</script>"), std::string::npos);
  EXPECT_EQ(page.find("src=\"http"), std::string::npos);
  EXPECT_NE(page.find("<mutation-test-report-app"), std::string::npos);
}

// Catches: an empty bundle rendered as a blank page instead of an error that names the fix.
TEST(HtmlReport, AMissingBundleIsAnErrorThatSaysWhatToInstall) {
  try {
    render_html_report(fixtures::shown(fixtures::pass_all_killed()), "");
    FAIL() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("scripts/install-deps.sh"), std::string::npos);
  }
}

// Catches: a build that embedded no viewer bundle (configured before node_modules existed).
TEST(HtmlReport, TheBuildEmbeddedTheElementsBundle) {
  EXPECT_NE(embedded_elements_bundle().find("mutation-test-report-app"), std::string_view::npos)
      << "configure after scripts/install-deps.sh so node_modules exists";
}

// Catches: a page that still leads with the viewer and keeps the verdict in its title only, so a
// learner who opens it never sees FAIL or which required pitfalls survived.
TEST(HtmlGradeHeader, ShowsFailAndEachSurvivingRequiredPitfallBeforeTheViewer) {
  const std::string page =
      render_html_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)), kBundle);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "<span class=\"verdict\">FAIL</span>")) << header;
  EXPECT_TRUE(contains(header, "class=\"fail\""));
  EXPECT_TRUE(contains(header, "4/6 mutants detected (66.7%), threshold 80.0%"));
  EXPECT_TRUE(contains(header, "Mutant set: pitfalls only (6 pitfalls)."));
  EXPECT_TRUE(contains(header, "Every pitfall mutant must be detected; 2 survived: s07, s20."));
  for (const char* id : {"s07", "s20"}) {
    const std::string row = pitfall_row(header, id);
    EXPECT_TRUE(contains(row, "class=\"undetected\"")) << row;
    EXPECT_TRUE(contains(row, "Survived")) << row;
    EXPECT_TRUE(contains(row, "required")) << row;
  }
  // A detected pitfall shows its title; a timeout counts as detected.
  EXPECT_TRUE(contains(pitfall_row(header, "s08"), "summing micro-batch losses"));
  EXPECT_TRUE(contains(pitfall_row(header, "s12"), "class=\"detected\""));
  EXPECT_LT(page.find("<header id=\"grade\""), page.find(kApp));
}

// Catches: a header that names a survivor the policy hides (its title or symptom), saying more
// than the terminal and Markdown reports do with Reveal::Nothing.
TEST(HtmlGradeHeader, WithRevealNothingNoSurvivorsTitleAppearsBeforeTheViewer) {
  const std::string page =
      render_html_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)), kBundle);
  const std::string before = before_the_viewer(page);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "a mutant survived (s07)"));
  EXPECT_TRUE(contains(header, "a mutant survived (s20)"));
  for (const char* secret :
       {"weighting micro-batches 1/k", "a tensor passed twice gets its gradient twice",
        "wrong gradient whenever the sizes differ", "doubled gradients for shared inputs"}) {
    EXPECT_FALSE(contains(before, secret)) << "shows " << secret;
  }
  // Detected pitfalls are named: the learner already catches them.
  EXPECT_TRUE(contains(header, "summing micro-batch losses"));
}

// Catches: a header that drops the hints the learner's attempt earned, shows a rung above it (the
// symptom) or names the survivor (its title) before the answer.
TEST(HtmlGradeHeader, AtTheConceptRungShowsTheQuestionAndConceptButNotTheSymptomOrTitle) {
  GradeResult result = fixtures::fail_with_survivors(Reveal::Nothing);
  for (MutantResult& mutant : result.mutants) {
    mutant.mutant.hint_question = "QUESTION-" + mutant.mutant.id;
    mutant.mutant.hint_concept = "CONCEPT-" + mutant.mutant.id;
  }
  result.feedback.ladder = true;
  result.feedback.attempt = 2;
  result.feedback.rung = HintRung::Concept;
  result.feedback.learner_reveal = Reveal::Nothing;
  const std::string page = render_html_report(fixtures::shown(result), kBundle);
  const std::string before = before_the_viewer(page);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "Attempt 2: hints at rung 2 of 3 (concept)"));
  const std::string s07 = pitfall_row(header, "s07");
  EXPECT_TRUE(contains(s07, "Hint: Question: QUESTION-s07")) << s07;
  EXPECT_TRUE(contains(s07, "Hint: Concept: CONCEPT-s07")) << s07;
  EXPECT_TRUE(contains(pitfall_row(header, "s20"), "Hint: Concept: CONCEPT-s20"));
  EXPECT_FALSE(contains(before, "QUESTION-s08"));  // a detected pitfall needs no hint
  for (const char* secret : {"Symptom:", "wrong gradient whenever the sizes differ",
                             "weighting micro-batches 1/k", "a tensor passed twice"}) {
    EXPECT_FALSE(contains(before, secret)) << "shows " << secret;
  }
}

// Catches: a staff view whose header still hides what the staff may see, or does not say it is
// the staff view (staff could mistake it for what the learner saw).
TEST(HtmlGradeHeader, TheStaffViewShowsTitlesAndSaysSo) {
  const std::string page = render_html_report(
      fixtures::shown(staff_view(fixtures::fail_with_survivors(Reveal::Nothing))), kBundle);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "Staff view: everything is shown."));
  EXPECT_TRUE(contains(pitfall_row(header, "s07"), "s07: weighting micro-batches 1/k"));
  EXPECT_TRUE(contains(pitfall_row(header, "s07"), "wrong gradient whenever the sizes differ"));
  EXPECT_TRUE(
      contains(pitfall_row(header, "s20"), "a tensor passed twice gets its gradient twice"));
}

// Catches: a learner-chosen suite name written raw into the header (or the page title), which
// runs script in whoever opens the report.
TEST(HtmlGradeHeader, ALearnersSuiteNameIsEscaped) {
  GradeResult result = fixtures::fail_with_survivors(Reveal::Title);
  result.suite_name = "<script>alert(1)</script>";
  const std::string page = render_html_report(fixtures::shown(result), kBundle);
  const std::string before = before_the_viewer(page);
  EXPECT_FALSE(contains(before, "<script>alert(1)"));
  EXPECT_TRUE(contains(grade_header(page), "&lt;script&gt;alert(1)&lt;/script&gt;"));
  // Two script elements still (bundle, report): the name's end tag is escaped in the JSON too.
  EXPECT_EQ(occurrences(page, "</script>"), 2U);
}

// Catches: a header that leaves out the invalid tests, echoes output the policy hides (a binary
// wheat's, a semantic wheat's with Reveal::Nothing) or names a wheat the policy hides, or drops
// reach.
TEST(HtmlGradeHeader, ListsInvalidTestsAndReachAsThePolicyAllows) {
  const std::string page = render_html_report(
      fixtures::shown(fixtures::graded_with_invalid_tests(Reveal::Nothing)), kBundle);
  const std::string before = before_the_viewer(page);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "Invalid tests (not graded)"));
  for (const char* test : {"Accumulate.RandomSizes", "Errors.PinsMessage",
                           "Checkpoint.PinsPeakBytes", "Fingerprint.MatchesReference"}) {
    EXPECT_TRUE(contains(header, std::string("<strong>") + test + "</strong>")) << test;
  }
  EXPECT_TRUE(contains(header, "fails on wheat w03, a correct implementation"));
  EXPECT_TRUE(contains(header, "--gtest_filter=Fingerprint.MatchesReference"));
  EXPECT_TRUE(contains(header, "Reach: "));
  EXPECT_TRUE(contains(header, "Tests that run mutated code but detect nothing: Scaler.Smoke."));
  EXPECT_TRUE(contains(pitfall_row(header, "s21"), "no test runs this code"));
  for (const char* secret : {"BINARY-W01-BYTES", "BINARY-W02-BYTES", "WHEAT-W03-MESSAGE",
                             "error messages worded differently", "cxx_lt_to_ge"}) {
    EXPECT_FALSE(contains(before, secret)) << "shows " << secret;
  }
}

// Catches: an INVALID grade whose header says "fix the errors below" with nothing below, or shows
// the compiler's raw bytes (an end tag, control characters) in the page.
TEST(HtmlGradeHeader, AnInvalidGradeShowsWhyAndTheCompilerDiagnosticsEscaped) {
  const std::string page =
      render_html_report(fixtures::shown(fixtures::invalid_compile_error()), kBundle);
  const std::string header = grade_header(page);
  EXPECT_TRUE(contains(header, "<span class=\"verdict\">INVALID</span>"));
  EXPECT_TRUE(contains(header, "class=\"invalid\""));
  EXPECT_TRUE(contains(header, "The suite does not compile: fix the errors below."));
  EXPECT_TRUE(contains(header, "&#39;grad_acumulate&#39; was not declared"));
  EXPECT_TRUE(contains(header, "\\x1b[1;31merror:"));
  EXPECT_FALSE(contains(header, "\x1b"));
  EXPECT_FALSE(contains(header, "</script>"));
  EXPECT_FALSE(contains(header, "mutants detected"));  // no score for an INVALID grade
  const std::string pass =
      grade_header(render_html_report(fixtures::shown(fixtures::pass_all_killed()), kBundle));
  EXPECT_TRUE(contains(pass, "<span class=\"verdict\">PASS</span>"));
  EXPECT_TRUE(contains(pass, "class=\"pass\""));
}

}  // namespace
}  // namespace tinyllm::reports
