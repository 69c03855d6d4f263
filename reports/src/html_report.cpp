// The HTML report: the mutation-testing-elements bundle and the JSON report inlined in one page,
// so it opens from a file, an LMS attachment or a CI artifact with no network.
#include "tinyllm/reports/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "text.hpp"
#include "tinyllm/reports/json_report.hpp"

namespace tinyllm::reports {
namespace {

// Returns `text` lower-cased (ASCII), to look for tags the HTML parser matches case-insensitively.
std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Returns a <script> element that runs `bundle`. Raw when nothing in it can end or re-open a script
// element early; otherwise (a future bundle holding "</script") as a base64 data: URL, which the
// HTML parser never looks into.
std::string script_element(std::string_view bundle) {
  const std::string folded = lower(bundle);
  if (folded.find("</script") == std::string::npos && folded.find("<script") == std::string::npos) {
    return fmt::format("<script>\n{}\n</script>", bundle);
  }
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string encoded;
  encoded.reserve((bundle.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bundle.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bundle.size() - i);
    unsigned value = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      value = (value << 8) | (k < n ? static_cast<unsigned char>(bundle[i + k]) : 0U);
    }
    for (std::size_t k = 0; k < 4; ++k) {
      encoded += k <= n ? kAlphabet[(value >> (18 - 6 * k)) & 0x3F] : '=';
    }
  }
  return fmt::format("<script src=\"data:text/javascript;base64,{}\"></script>", encoded);
}

}  // namespace

std::string escape_json_for_script(std::string_view json_text) {
  std::string out;
  out.reserve(json_text.size());
  for (std::size_t i = 0; i < json_text.size(); ++i) {
    if (json_text.compare(i, 2, "</") == 0) {
      out += "<\\/";
      ++i;
    } else if (json_text.compare(i, 4, "<!--") == 0) {
      out += "\\u003c";
    } else {
      out += json_text[i];
    }
  }
  return out;
}

std::string render_html_report(const GradeResult& result, std::string_view elements_bundle) {
  if (elements_bundle.empty()) {
    throw std::runtime_error(
        "HTML report: the mutation-testing-elements bundle is missing (the build found no "
        "node_modules/mutation-testing-elements). Run scripts/install-deps.sh and rebuild, or pass "
        "the path of dist/mutation-test-elements.js.");
  }
  const std::string title = detail::escape_markup(fmt::format(
      "{} — {} — tinyllm mutation report", result.suite_name, to_string(result.verdict)));
  const std::string report = escape_json_for_script(render_json_report(result));
  return fmt::format(
      "<!DOCTYPE html>\n"
      "<html lang=\"en\">\n"
      "<head>\n"
      "<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{0}</title>\n"
      "{1}\n"
      "</head>\n"
      "<body>\n"
      "<mutation-test-report-app title-postfix=\"{2}\">\n"
      "This report needs a browser with JavaScript and custom elements.\n"
      "</mutation-test-report-app>\n"
      "<script>\n"
      "const app = document.querySelector('mutation-test-report-app');\n"
      "app.report = {3};\n"
      "function updateTheme() {{ document.body.style.backgroundColor = app.themeBackgroundColor; "
      "}}\n"
      "app.addEventListener('theme-changed', updateTheme);\n"
      "updateTheme();\n"
      "</script>\n"
      "</body>\n"
      "</html>\n",
      title, script_element(elements_bundle), detail::escape_markup(result.suite_name), report);
}

}  // namespace tinyllm::reports
