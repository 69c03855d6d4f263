// The grade comes first in plain HTML, then the viewer; inlined, the page opens from a file, an LMS
// attachment or a CI artifact with no network.
#include "tinyllm/reports/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "text.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

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

// Generated survivors' hints shown per group before the rest is folded away.
constexpr std::size_t kHintsPerGroup = 3;

// The grade's header styles, scoped to #grade. Light colours of its own: the page body takes the
// viewer's theme, which may be dark.
constexpr const char* kGradeStyle = R"(<style>
#grade { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
  background: #fff; max-width: 1180px; margin: 24px auto 12px; padding: 14px 24px;
  border: 1px solid #d0d7de; border-left: 10px solid var(--verdict); border-radius: 6px; }
#grade.pass { --verdict: #1a7f37; } #grade.fail { --verdict: #cf222e; }
#grade.invalid { --verdict: #d4a72c; }
#grade h1 { margin: 0 0 4px; font-size: 1.5rem; display: flex; align-items: center; gap: 16px; }
#grade .verdict { font-size: 2.4rem; font-weight: 800; letter-spacing: 0.04em; color: #fff;
  background: var(--verdict); padding: 0 16px; border-radius: 6px; }
#grade.invalid .verdict { color: #1f2328; }
#grade h2 { font-size: 1.05rem; margin: 14px 0 4px; }
#grade p { margin: 4px 0; } #grade .meta { color: #57606a; font-size: 0.9rem; }
#grade .score { font-size: 1.1rem; font-weight: 600; }
#grade .feedback { background: #ddf4ff; padding: 4px 10px; border-radius: 4px; }
#grade ul { margin: 4px 0; padding-left: 22px; }
#grade .reasons li { font-weight: 600; }
#grade table { border-collapse: collapse; width: 100%; font-size: 0.93rem; }
#grade th, #grade td { text-align: left; vertical-align: top; padding: 3px 8px;
  border-bottom: 1px solid #d8dee4; }
#grade td:first-child, #grade td.status { white-space: nowrap; }
#grade tr.undetected td { background: #ffebe9; } #grade tr.detected .status { color: #1a7f37; }
#grade tr.undetected .status { color: #cf222e; font-weight: 700; }
#grade .required { font-size: 0.75rem; font-weight: 700; text-transform: uppercase;
  color: #cf222e; border: 1px solid currentColor; border-radius: 3px; padding: 0 4px; }
#grade .detected .required { color: #57606a; }
#grade .kind, #grade .meaning { color: #57606a; font-size: 0.88rem; }
#grade .hint { color: #0969da; } #grade summary { cursor: pointer; margin: 10px 0 4px; }
#grade code { font-size: 0.85rem; overflow-wrap: anywhere; }
#grade pre { max-height: 20em; overflow: auto; background: #f6f8fa; padding: 8px; font-size: 0.85rem; }
</style>)";

std::string esc(std::string_view text) {
  return detail::escape_markup(text);
}

std::string pitfall_row(const GradeResult& result, const MutantResult& mutant) {
  const bool found = detected(mutant.status);
  std::string row =
      fmt::format("<tr class=\"{}\" data-mutant=\"{}\"><td>{}{}</td><td class=\"status\">{}",
                  found ? "detected" : "undetected", esc(mutant.mutant.id), esc(mutant.mutant.id),
                  mutant.mutant.required ? " <span class=\"required\">required</span>" : "",
                  to_string(mutant.status));
  if (const std::string kind = undetected_kind(result, mutant); !kind.empty()) {
    row += fmt::format("<br><span class=\"kind\">{}</span>", esc(kind));
  }
  row += "</td><td>";
  if (found) {
    row += esc(visible_title(mutant));
  } else {
    row += fmt::format("<strong>{}</strong><br><span class=\"meaning\">{}</span>",
                       esc(survivor_summary(mutant)), esc(survivor_meaning(mutant)));
    const std::vector<std::string>& hints = mutant.hints;
    if (!hints.empty()) {
      row += "<ul class=\"hints\">";
      for (const std::string& hint : hints) {
        row += fmt::format("<li class=\"hint\">Hint: {}</li>", esc(hint));
      }
      row += "</ul>";
    }
  }
  return row + "</td></tr>\n";
}

// The pitfalls: those not detected first, required ones at the top, in a table a learner sees in
// the first screen; the detected ones folded below, named by id.
void append_pitfalls(std::string& out, const GradeResult& result) {
  std::vector<const MutantResult*> missed;
  std::vector<const MutantResult*> found;
  for (const MutantResult& mutant : result.mutants) {
    if (is_generated(mutant.mutant)) continue;
    (detected(mutant.status) ? found : missed).push_back(&mutant);
  }
  std::ranges::stable_partition(missed,
                                [](const MutantResult* mutant) { return mutant->mutant.required; });
  constexpr const char* kHead =
      "<table class=\"pitfalls\">\n<thead><tr><th>Pitfall</th><th>Status</th><th>What it "
      "is</th></tr></thead>\n<tbody>\n";
  if (!missed.empty()) {
    out += fmt::format("<h2>Pitfalls not detected ({} of {})</h2>\n{}", missed.size(),
                       missed.size() + found.size(), kHead);
    for (const MutantResult* mutant : missed) out += pitfall_row(result, *mutant);
    out += "</tbody>\n</table>\n";
  }
  if (found.empty()) return;
  std::vector<std::string> ids;
  for (const MutantResult* mutant : found) ids.push_back(mutant->mutant.id);
  out += fmt::format(
      "<details class=\"detected-pitfalls\"{}><summary>Pitfalls detected ({} of "
      "{}): {}</summary>\n{}",
      missed.empty() ? " open" : "", found.size(), missed.size() + found.size(),
      esc(detail::join(ids, ", ")), kHead);
  for (const MutantResult* mutant : found) out += pitfall_row(result, *mutant);
  out += "</tbody>\n</table>\n</details>\n";
}

void append_generated(std::string& out, const GradeResult& result) {
  const std::string counts = detail::generated_counts(result);
  if (counts.empty()) return;
  out += fmt::format("<h2>Generated mutants</h2>\n<p class=\"generated\">{}.</p>\n", counts);
  const std::vector<GeneratedGroup> groups = generated_groups(result);
  if (std::ranges::any_of(groups, [](const GeneratedGroup& g) { return !g.survivors.empty(); })) {
    out += fmt::format("<p class=\"meaning\">{}</p>\n", esc(generated_survivors_meaning(result)));
  }
  std::string shown;
  std::string folded;
  std::size_t folded_count = 0;
  for (const GeneratedGroup& group : groups) {
    const std::vector<std::string> hints = group_hints(group);
    for (std::size_t i = 0; i < hints.size(); ++i) {
      std::string& into = i < kHintsPerGroup ? shown : folded;
      into += fmt::format("<li class=\"hint\">Hint: {}</li>", esc(hints[i]));
      if (i >= kHintsPerGroup) ++folded_count;
    }
  }
  if (!shown.empty()) out += fmt::format("<ul class=\"hints\">{}</ul>\n", shown);
  if (!folded.empty()) {
    out += fmt::format(
        "<details><summary>{} more hints</summary><ul class=\"hints\">{}</ul></details>\n",
        folded_count, folded);
  }
}

// A failure's output is left to the other formats.
void append_html_invalid_tests(std::string& out, const GradeResult& result) {
  if (result.invalid_tests.empty()) return;
  out += fmt::format(
      "<h2>{}</h2>\n<table class=\"invalid-tests\">\n<thead><tr><th>Test</th><th>Where it "
      "failed</th><th>Reproduce</th></tr></thead>\n<tbody>\n",
      detail::invalid_tests_heading(result));
  for (const InvalidTest& test : result.invalid_tests) {
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      out +=
          fmt::format("<tr><td><strong>{}</strong></td><td>{}</td><td><code>{}</code></td></tr>\n",
                      esc(test.test), esc(shown.where), esc(shown.reproduce));
    }
  }
  out += "</tbody>\n</table>\n";
}

std::string grade_header(const GradeResult& result) {
  const char* verdict = to_string(result.verdict);
  std::string out = fmt::format(
      "<header id=\"grade\" class=\"{}\">\n<h1><span class=\"verdict\">{}</span> <span "
      "class=\"suite\">{}</span></h1>\n",
      lower(verdict), verdict, esc(result.suite_name));
  if (result.verdict != Verdict::Invalid) {
    out += fmt::format("<p class=\"score\">{}.</p>\n", esc(detail::score_line(result)));
  }
  out += fmt::format("<p class=\"meta\">Mutant set: {}. {} Grading seed {}.</p>\n",
                     esc(detail::graded_set(result)), esc(validity_line(result)), result.seed);
  if (const std::string feedback = feedback_line(result); !feedback.empty()) {
    out += fmt::format("<p class=\"feedback\">{}</p>\n", esc(feedback));
  }
  out += "<h2>Why, and what to do next</h2>\n<ul class=\"reasons\">\n";
  for (const std::string& reason : detail::verdict_reasons(result)) {
    out += fmt::format("<li>{}</li>\n", esc(reason));
  }
  out += "</ul>\n";
  if (result.verdict == Verdict::Invalid) {
    if (!result.compile_log.empty()) {
      out += fmt::format("<h2>Compiler diagnostics</h2>\n<pre class=\"compile-log\">{}</pre>\n",
                         detail::escape_xml(result.compile_log));
    }
  } else {
    for (const std::string& line : {reach_line(result), reaching_without_detecting_line(result)}) {
      if (!line.empty()) out += fmt::format("<p class=\"reach\">{}</p>\n", esc(line));
    }
    append_pitfalls(out, result);
    append_generated(out, result);
  }
  append_html_invalid_tests(out, result);
  out += "</header>\n";
  return out;
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
      "{4}\n"
      "{1}\n"
      "</head>\n"
      "<body>\n"
      "{5}"
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
      title, script_element(elements_bundle), detail::escape_markup(result.suite_name), report,
      kGradeStyle, grade_header(result));
}

}  // namespace tinyllm::reports
