// JUnit XML: the shape Jenkins' junit.xsd describes, which GitLab, GitHub Actions reporters and
// most CI systems read. A mutant is a test case; "the suite detected it" is what passes.
#include "tinyllm/reports/junit_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "text.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

namespace tinyllm::reports {
namespace {

using detail::escape_xml;

std::string seconds(double value) {
  return fmt::format("{:.3f}", value);
}

struct Case {
  std::string name;
  std::string classname;
  double time = 0;
  std::string body;  // "" passes; otherwise a <failure>, <error> or <skipped> element
};

std::string mutant_case_name(const MutantResult& mutant) {
  const std::string title = visible_title(mutant);
  return title.empty() ? mutant.mutant.id : fmt::format("{} {}", mutant.mutant.id, title);
}

// One case per invalid test: an <error> when the grade is INVALID, else <skipped> (it was not
// graded), saying where it failed, with the output the shaped grade holds.
std::vector<Case> invalid_test_cases(const GradeResult& result) {
  std::vector<Case> cases;
  const bool error = result.verdict == Verdict::Invalid;
  for (const InvalidTest& test : result.invalid_tests) {
    std::vector<std::string> wheres;
    std::string text;
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      wheres.push_back(shown.where);
      text += shown.where + "\n";
      if (!shown.why_allowed.empty()) text += shown.why_allowed + "\n";
      if (!shown.message.empty()) text += failure_output_excerpt(shown) + "\n";
      text += fmt::format("seed {}\nreproduce: {}\n", failure.seed, shown.reproduce);
    }
    const std::string message =
        fmt::format("{} {}{}", test.test, detail::join(wheres, "; "), error ? "" : ": not graded");
    cases.push_back(
        {fmt::format("{} accepts every correct implementation", test.test), "tinyllm.validity", 0,
         fmt::format("<{0} message=\"{1}\" type=\"InvalidTest\">{2}</{0}>",
                     error ? "error" : "skipped", escape_xml(message), escape_xml(text))});
  }
  return cases;
}

std::vector<Case> mutant_cases(const GradeResult& result) {
  std::vector<Case> cases;
  for (const MutantResult& mutant : result.mutants) {
    // CI viewers group cases by classname: the pitfalls, then the generated mutants.
    Case entry{mutant_case_name(mutant),
               is_generated(mutant.mutant) ? "tinyllm.generated" : "tinyllm.mutants",
               mutant.seconds, ""};
    if (!detected(mutant.status)) {
      const std::string summary = survivor_summary(mutant);
      std::string text = survivor_meaning(mutant);
      for (const std::string& hint : mutant.hints) text += "\nHint: " + hint;
      entry.body = fmt::format("<failure message=\"{}\" type=\"{}\">{}</failure>",
                               escape_xml(summary), to_string(mutant.status), escape_xml(text));
    }
    cases.push_back(entry);
  }
  for (Case& entry : invalid_test_cases(result)) cases.push_back(std::move(entry));
  return cases;
}

std::vector<Case> invalid_cases(const GradeResult& result) {
  std::vector<Case> cases;
  if (!result.compile_log.empty()) {
    cases.push_back({"suite compiles", "tinyllm.reference", 0,
                     fmt::format("<error message=\"the suite does not compile\" "
                                 "type=\"CompileError\">{}</error>",
                                 escape_xml(result.compile_log))});
  }
  for (Case& entry : invalid_test_cases(result)) cases.push_back(std::move(entry));
  if (cases.empty()) {
    cases.push_back({"suite is gradable", "tinyllm.reference", 0,
                     fmt::format("<error message=\"{}\" type=\"Invalid\"/>",
                                 escape_xml(detail::join(detail::verdict_reasons(result), " ")))});
  }
  return cases;
}

}  // namespace

std::string render_junit_report(const GradeResult& result) {
  const std::vector<Case> cases =
      result.verdict == Verdict::Invalid ? invalid_cases(result) : mutant_cases(result);
  const auto count = [&](std::string_view element) {
    return std::ranges::count_if(cases, [&](const Case& c) { return c.body.starts_with(element); });
  };
  const std::string name = escape_xml(fmt::format("tinyllm mutation grade: {}", result.suite_name));
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format(
      "<testsuites name=\"{0}\" tests=\"{1}\" failures=\"{2}\" errors=\"{3}\" time=\"{4}\">\n"
      "  <testsuite name=\"{0}\" tests=\"{1}\" failures=\"{2}\" errors=\"{3}\" skipped=\"{11}\" "
      "time=\"{4}\">\n"
      "    <properties>\n"
      "      <property name=\"verdict\" value=\"{5}\"/>\n"
      "      <property name=\"score\" value=\"{6}\"/>\n"
      "      <property name=\"threshold\" value=\"{7}\"/>\n"
      "      <property name=\"seed\" value=\"{8}\"/>\n"
      "      <property name=\"mutant_set\" value=\"{9}\"/>\n"
      "      <property name=\"graded_set\" value=\"{10}\"/>\n"
      "      <property name=\"validity\" value=\"{12}\"/>\n"
      "      <property name=\"invalid_tests\" value=\"{13}\"/>\n"
      "      <property name=\"reach_measured\" value=\"{14}\"/>\n"
      "      <property name=\"view\" value=\"{15}\"/>\n"
      "      <property name=\"attempt\" value=\"{16}\"/>\n"
      "      <property name=\"hint_rung\" value=\"{17}\"/>\n"
      "    </properties>\n",
      name, cases.size(), count("<failure"), count("<error"), seconds(result.seconds),
      to_string(result.verdict), fmt::format("{:.4f}", result.score),
      fmt::format("{:.4f}", result.threshold), result.seed, to_string(result.mutant_set),
      escape_xml(detail::graded_set(result)), count("<skipped"), to_string(result.validity),
      result.invalid_tests.size(), result.reach_measured ? "true" : "false",
      view_name(result.feedback.view), result.feedback.attempt,
      hint_rung_name(result.feedback.rung));
  for (const Case& entry : cases) {
    const std::string open =
        fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
                    escape_xml(entry.name), entry.classname, seconds(entry.time));
    out += entry.body.empty() ? open + "/>\n"
                              : fmt::format("{}>\n      {}\n    </testcase>\n", open, entry.body);
  }
  std::vector<std::string> lines = detail::verdict_reasons(result);
  lines.push_back(validity_line(result));
  if (const std::string feedback = feedback_line(result); !feedback.empty())
    lines.push_back(feedback);
  for (const std::string& line : {reach_line(result), reaching_without_detecting_line(result)}) {
    if (!line.empty()) lines.push_back(line);
  }
  out += fmt::format("    <system-out>{}</system-out>\n", escape_xml(detail::join(lines, "\n")));
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace tinyllm::reports
