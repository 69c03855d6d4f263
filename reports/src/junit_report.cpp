// JUnit XML: the shape Jenkins' junit.xsd describes, which GitLab, GitHub Actions reporters and
// most CI systems read. A mutant is a test case; "the suite detected it" is what passes.
#include "tinyllm/reports/junit_report.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
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
  std::string body;  // "" passes; otherwise a <failure> or <error> element
};

std::string mutant_case_name(const MutantResult& mutant, Reveal reveal) {
  const std::string title = visible_title(mutant, reveal);
  return title.empty() ? mutant.mutant.id : fmt::format("{} {}", mutant.mutant.id, title);
}

std::vector<Case> mutant_cases(const GradeResult& result) {
  std::vector<Case> cases;
  for (const MutantResult& mutant : result.mutants) {
    // CI viewers group cases by classname: the pitfalls, then the generated mutants.
    Case entry{mutant_case_name(mutant, result.reveal),
               is_generated(mutant.mutant) ? "tinyllm.generated" : "tinyllm.mutants",
               mutant.seconds, ""};
    if (mutant.status == MutantStatus::Survived) {
      const std::string summary = survivor_summary(mutant, result.reveal);
      entry.body =
          fmt::format("<failure message=\"{}\" type=\"Survived\">{}</failure>", escape_xml(summary),
                      escape_xml(survivor_meaning(mutant, result.reveal)));
    }
    cases.push_back(entry);
  }
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
  for (const ReferenceFailure& failure : reference_failures(result)) {
    cases.push_back(
        {fmt::format("{} accepts the reference", failure.test), "tinyllm.reference", 0,
         fmt::format(
             "<error message=\"{}\" type=\"ReferenceFailure\">{}\nseed {}\nreproduce: "
             "{}</error>",
             escape_xml(fmt::format("{} fails on the reference implementation", failure.test)),
             escape_xml(reference_output_excerpt(failure)), failure.seed,
             escape_xml(failure.reproduce))});
  }
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
  int failures = 0;
  int errors = 0;
  for (const Case& entry : cases) {
    failures += entry.body.rfind("<failure", 0) == 0 ? 1 : 0;
    errors += entry.body.rfind("<error", 0) == 0 ? 1 : 0;
  }
  const std::string name = escape_xml(fmt::format("tinyllm mutation grade: {}", result.suite_name));
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format(
      "<testsuites name=\"{0}\" tests=\"{1}\" failures=\"{2}\" errors=\"{3}\" time=\"{4}\">\n"
      "  <testsuite name=\"{0}\" tests=\"{1}\" failures=\"{2}\" errors=\"{3}\" skipped=\"0\" "
      "time=\"{4}\">\n"
      "    <properties>\n"
      "      <property name=\"verdict\" value=\"{5}\"/>\n"
      "      <property name=\"score\" value=\"{6}\"/>\n"
      "      <property name=\"threshold\" value=\"{7}\"/>\n"
      "      <property name=\"seed\" value=\"{8}\"/>\n"
      "      <property name=\"mutant_set\" value=\"{9}\"/>\n"
      "      <property name=\"graded_set\" value=\"{10}\"/>\n"
      "    </properties>\n",
      name, cases.size(), failures, errors, seconds(result.seconds), to_string(result.verdict),
      fmt::format("{:.4f}", result.score), fmt::format("{:.4f}", result.threshold), result.seed,
      to_string(result.mutant_set), escape_xml(detail::graded_set(result)));
  for (const Case& entry : cases) {
    const std::string open =
        fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
                    escape_xml(entry.name), entry.classname, seconds(entry.time));
    out += entry.body.empty() ? open + "/>\n"
                              : fmt::format("{}>\n      {}\n    </testcase>\n", open, entry.body);
  }
  out += fmt::format("    <system-out>{}</system-out>\n",
                     escape_xml(detail::join(detail::verdict_reasons(result), "\n")));
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace tinyllm::reports
