// The check reports: the module's half first (what a learner fixes first), then the tests' grade.
#include "tinyllm/reports/check_report.hpp"

#include <fmt/color.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "check_diagnosis.hpp"
#include "text.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports {
namespace {

// A failing course test's message: its first and last lines.
constexpr std::size_t kMessageHead = 8;
constexpr std::size_t kMessageTail = 4;

std::string seeds_text(const std::vector<std::uint64_t>& seeds) {
  return fmt::format("{}", fmt::join(seeds, ", "));
}

std::string course_section(const CheckResult& result, bool colour) {
  const auto passed = std::ranges::count_if(result.course_tests,
                                            [](const CourseTestOutcome& t) { return t.passed; });
  std::string out = fmt::format("  Course suite (RapidCheck seeds {}): {}/{} tests pass\n",
                                seeds_text(result.seeds), passed, result.course_tests.size());
  for (const CourseTestOutcome& test : result.course_tests) {
    if (test.passed) continue;
    out += fmt::format("    {} {} (seeds {})\n",
                       detail::paint(colour, "FAIL", detail::verdict_style(Verdict::Fail)),
                       test.test, seeds_text(test.failed_seeds));
    out += detail::indent_lines(
        detail::excerpt(test.message, kMessageHead, kMessageTail, "check.json"), "         ");
    if (!test.reproduce.empty()) out += fmt::format("         reproduce: {}\n", test.reproduce);
  }
  return out;
}

std::string differential_section(const CheckResult& result, bool colour) {
  if (result.differential.empty()) return "";
  const auto matched = std::ranges::count_if(result.differential,
                                             [](const DifferentialCheck& d) { return d.passed; });
  std::string out = fmt::format("  Differential check against the reference: {}/{} areas agree\n",
                                matched, result.differential.size());
  for (const DifferentialCheck& check : result.differential) {
    const std::string how = check.exact ? "bit for bit" : "to the contract's tolerance";
    if (check.passed) {
      out += fmt::format("    ok   {} ({}, {} cases)\n", check.name, how, check.cases);
      continue;
    }
    if (!check.ending.empty()) {
      out += fmt::format("    {} {}: your module {}{}\n",
                         detail::paint(colour, "FAIL", detail::verdict_style(Verdict::Fail)),
                         check.name, check.ending, check.call.empty() ? "" : ", on the call:");
      if (!check.call.empty()) out += detail::indent_lines(check.call, "         ");
      continue;
    }
    out += fmt::format("    {} {} ({})\n",
                       detail::paint(colour, "DIFF", detail::verdict_style(Verdict::Fail)),
                       check.name, how);
    out += detail::indent_lines(
        detail::excerpt(check.counterexample, kMessageHead, kMessageTail, "check.json"),
        "         ");
  }
  return out;
}

std::string verdict_line(const CheckResult& result, bool colour) {
  const std::string tests =
      result.tests_grade ? to_string(result.tests_grade->verdict) : "none yet (tests/ is empty)";
  return fmt::format(
      "Verdict: {} (module {}, tests {})\n",
      detail::paint(colour, to_string(result.verdict), detail::verdict_style(result.verdict)),
      to_string(result.module_verdict), tests);
}

}  // namespace

std::string mutant_name(const MutantInfo& info) {
  if (is_generated(info)) {
    if (info.file.empty()) return fmt::format("a known mutant ({})", info.id);
    if (info.title.empty())
      return fmt::format("{}: {}, {}", info.id, file_and_line(info), info.operator_name);
    return fmt::format("{}: {}", info.id, generated_description(info));
  }
  if (info.title.empty()) return fmt::format("a known pitfall ({})", info.id);
  if (info.symptom.empty()) return fmt::format("{}: {}", info.id, info.title);
  return fmt::format("{}: {} (symptom: {})", info.id, info.title, info.symptom);
}

std::string render_check_terminal(const CheckResult& result, bool colour) {
  std::string out = fmt::format("tinyllm-grade check: {}\n\n", result.workspace);
  out += fmt::format("Your module (built in {:.1f} s)\n", result.module_build_seconds);
  out += course_section(result, colour);
  out += differential_section(result, colour);
  for (const RunProblem& problem : result.run_problems)
    out += detail::wrap(fmt::format("Problem: {} {}", problem.what, problem.ending),
                        detail::kWrapWidth, "  ");
  out += detail::diagnosis_terminal(result, detail::kWrapWidth);
  out += fmt::format("Module: {}\n\n", detail::paint(colour, to_string(result.module_verdict),
                                                     detail::verdict_style(result.module_verdict)));
  if (result.tests_grade) {
    out += "Your tests (tests/), graded by mutation as `tinyllm-grade grade` grades a suite:\n";
    out += render_terminal_report(*result.tests_grade, colour);
    out += "\n";
  } else {
    out += "Your tests: tests/ has none yet; write some and check again to have them graded.\n\n";
  }
  out += verdict_line(result, colour);
  return out;
}

nlohmann::json check_json(const CheckResult& result) {
  nlohmann::json course = nlohmann::json::array();
  for (const CourseTestOutcome& test : result.course_tests)
    course.push_back({{"test", test.test},
                      {"passed", test.passed},
                      {"failedSeeds", test.failed_seeds},
                      {"message", detail::valid_utf8(test.message)},
                      {"ending", test.ending},
                      {"reproduce", test.reproduce}});
  nlohmann::json differential = nlohmann::json::array();
  for (const DifferentialCheck& check : result.differential)
    differential.push_back({{"name", check.name},
                            {"exact", check.exact},
                            {"passed", check.passed},
                            {"cases", check.cases},
                            {"counterexample", detail::valid_utf8(check.counterexample)},
                            {"ending", check.ending},
                            {"call", detail::valid_utf8(check.call)}});
  nlohmann::json problems = nlohmann::json::array();
  for (const RunProblem& problem : result.run_problems)
    problems.push_back({{"what", problem.what}, {"ending", detail::valid_utf8(problem.ending)}});
  return {{"schema", "tinyllm-check"},
          {"version", 1},
          {"workspace", result.workspace},
          {"seed", result.seed},
          {"seeds", result.seeds},
          {"reveal", reveal_name(result.reveal)},
          {"verdict", to_string(result.verdict)},
          {"module",
           {{"verdict", to_string(result.module_verdict)},
            {"buildSeconds", result.module_build_seconds},
            {"courseTests", std::move(course)},
            {"differential", std::move(differential)},
            {"runProblems", std::move(problems)},
            {"diagnosis", detail::diagnosis_json(result.diagnosis)}}},
          {"tests", result.tests_grade
                        ? nlohmann::json{{"verdict", to_string(result.tests_grade->verdict)},
                                         {"score", result.tests_grade->score},
                                         {"report", mutation_report_json(*result.tests_grade)}}
                        : nlohmann::json(nullptr)},
          {"seconds", result.seconds}};
}

std::string render_check_json(const CheckResult& result) {
  return check_json(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace tinyllm::reports
