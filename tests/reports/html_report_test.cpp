// The HTML page's structure; rendering is checked in a real browser by check_html_report.sh.
#include "tinyllm/reports/html_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"

namespace tinyllm::reports {
namespace {

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

// Catches: a learner's source holding </script> or <!-- ending the embedded report's script,
// breaking the page or injecting markup.
TEST(HtmlReport, AScriptEndTagInATestsSourceCannotCloseTheReportsScriptEarly) {
  const std::string page =
      render_html_report(fixtures::fail_with_survivors(Reveal::Title), "var bundle = 1;");
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
  const std::string page =
      render_html_report(fixtures::pass_all_killed(), "var s = '</script><script>';");
  EXPECT_EQ(page.find("var s ="), std::string::npos);
  EXPECT_NE(page.find("data:text/javascript;base64,dmFyIHMgPSAnPC9zY3JpcHQ+PHNjcmlwdD4nOw=="),
            std::string::npos);
}

// Catches: a page that loads the viewer from the network, which fails offline and in LMS sandboxes.
TEST(HtmlReport, TheBundleIsInlinedSoThePageNeedsNoNetwork) {
  const std::string page = render_html_report(fixtures::pass_all_killed(), "var marker_1234 = 1;");
  EXPECT_NE(page.find("<script>\nvar marker_1234 = 1;\n</script>"), std::string::npos);
  EXPECT_EQ(page.find("src=\"http"), std::string::npos);
  EXPECT_NE(page.find("<mutation-test-report-app"), std::string::npos);
}

// Catches: an empty bundle rendered as a blank page instead of an error that names the fix.
TEST(HtmlReport, AMissingBundleIsAnErrorThatSaysWhatToInstall) {
  try {
    render_html_report(fixtures::pass_all_killed(), "");
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

}  // namespace
}  // namespace tinyllm::reports
