// The check reports: the module's half first (what a learner fixes first), then the tests' grade.
#include "tinyllm/reports/check_report.hpp"

#include <fmt/color.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "text.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports {
namespace {

using detail::join;
using detail::valid_utf8;

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

bool explains(const BehaviourMatch& m, const std::string& area) {
  return std::ranges::find(m.areas, area) != m.areas.end();
}

const BehaviourMatch* named_for(const Diagnosis& d, const std::string& area) {
  for (const BehaviourMatch& m : d.named)
    if (explains(m, area)) return &m;
  return nullptr;
}

// The best match of `area` that is not exact: it explains the differences but has conflicts.
const BehaviourMatch* partial_for(const Diagnosis& d, const std::string& area) {
  for (const BehaviourMatch& m : d.behaviour)
    if (m.conflicts > 0 && explains(m, area)) return &m;
  return nullptr;
}

std::string area_line(const Diagnosis& d, const BehaviourArea& area) {
  if (!area.ending.empty())
    return fmt::format(
        "{}: your module {} on its sample{}; no mutant is named for a crash or a hang.", area.name,
        area.ending, area.call.empty() ? "" : ", on the call: " + area.call);
  std::string line = fmt::format("{}: yours differs from the reference on {} of {} inputs; ",
                                 area.name, area.differing, area.cases);
  if (const BehaviourMatch* m = named_for(d, area.name))
    return line +
           fmt::format("it behaves exactly like {} on all {}.", mutant_name(m->mutant), area.cases);
  line += "no known mutant behaves like it there";
  if (const BehaviourMatch* m = partial_for(d, area.name))
    line += fmt::format(
        " ({} gives your results where yours differ, but also differs from the "
        "reference on {} inputs where yours is right)",
        mutant_name(m->mutant), m->conflicts);
  return line + ": read its counterexample above.";
}

// The failing course test to read first for a named mutant: its signature hint's, when listed.
std::string read_first(const Diagnosis& d, const MutantInfo& mutant) {
  for (const DiagnosisMatch& m : d.matches)
    if (m.mutant.id == mutant.id) return m.read_test;
  return "";
}

std::string named_line(const Diagnosis& d) {
  if (d.named.size() == 1)
    return fmt::format("your module behaves exactly like {}.", mutant_name(d.named.front().mutant));
  std::vector<std::string> parts;
  for (const BehaviourMatch& m : d.named)
    parts.push_back(fmt::format("like {} in {}", mutant_name(m.mutant), join(m.areas, " and ")));
  return fmt::format("{} bugs at once: your module behaves exactly {}.", d.named.size(),
                     join(parts, "; and "));
}

std::string hint_line(const Diagnosis& d) {
  if (d.matches.empty()) return "";
  const DiagnosisMatch& best = d.matches.front();
  return fmt::format("A hint only: the failing course tests resemble those of {} (closeness {}){}.",
                     mutant_name(best.mutant), percent(best.closeness),
                     d.areas.empty() ? ", with no behaviour to confirm it"
                                     : ", but it does not behave like yours");
}

// Returns the terminal lines of the diagnosis: per differing area, whether a known mutant behaves
// like the module there; then the bugs named, or that none is, with the signature hint.
std::string diagnosis_terminal(const CheckResult& result, std::size_t width) {
  const Diagnosis& d = result.diagnosis;
  const bool course_failed = std::ranges::any_of(
      result.course_tests, [](const CourseTestOutcome& t) { return !t.passed; });
  const bool differs = std::ranges::any_of(result.differential,
                                           [](const DifferentialCheck& c) { return !c.passed; });
  if (!course_failed && !differs) return "";
  std::string out = d.note.empty() ? "" : wrap("Diagnosis note: " + d.note, width, "  ");
  std::vector<std::string> agreeing;
  if (!d.areas.empty()) {
    const int cases =
        std::max_element(d.areas.begin(), d.areas.end(), [](const auto& a, const auto& b) {
          return a.cases < b.cases;
        })->cases;
    out += wrap(fmt::format("Diagnosis by behaviour: your module, the reference and {} known "
                            "mutants on the same {} inputs per area.",
                            d.mutants_compared, cases),
                width, "  ");
    for (const BehaviourArea& area : d.areas) {
      if (area.differing == 0 && area.ending.empty()) {
        agreeing.push_back(area.name);
        continue;
      }
      out += wrap(area_line(d, area), width, "    ");
    }
    if (!agreeing.empty() && agreeing.size() < d.areas.size())
      out += wrap(fmt::format("{} agree{} with the reference on every input.", join(agreeing, ", "),
                              agreeing.size() == 1 ? "s" : ""),
                  width, "    ");
  }
  if (d.confident) {
    out += wrap("Diagnosis: " + named_line(d), width, "  ");
    for (const BehaviourMatch& m : d.named)
      if (const std::string test = read_first(d, m.mutant); !test.empty())
        out += fmt::format("    Read {} first: it shows {} most directly.\n", test, m.mutant.id);
    return out;
  }
  out += wrap(
      "Diagnosis: no known mutant behaves like your module; read the counterexamples and "
      "the failing course tests above.",
      width, "  ");
  if (const std::string hint = hint_line(d); !hint.empty()) out += wrap(hint, width, "    ");
  return out;
}

nlohmann::json diagnosis_json(const Diagnosis& diagnosis) {
  nlohmann::json matches = nlohmann::json::array();
  for (const DiagnosisMatch& match : diagnosis.matches)
    matches.push_back({{"id", match.mutant.id},
                       {"kind", is_generated(match.mutant) ? "generated" : "pitfall"},
                       {"name", mutant_name(match.mutant)},
                       {"closeness", match.closeness},
                       {"shared", match.shared},
                       {"missing", match.missing},
                       {"extra", match.extra},
                       {"readTest", match.read_test}});
  nlohmann::json areas = nlohmann::json::array();
  for (const BehaviourArea& a : diagnosis.areas)
    areas.push_back({{"name", a.name},
                     {"cases", a.cases},
                     {"differing", a.differing},
                     {"ending", a.ending},
                     {"call", valid_utf8(a.call)}});
  auto behaviour_json = [&](const std::vector<BehaviourMatch>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const BehaviourMatch& m : list)
      out.push_back({{"id", m.mutant.id},
                     {"kind", is_generated(m.mutant) ? "generated" : "pitfall"},
                     {"name", mutant_name(m.mutant)},
                     {"areas", m.areas},
                     {"conflicts", m.conflicts},
                     {"exact", m.conflicts == 0}});
    return out;
  };
  return {{"confident", diagnosis.confident},
          {"named", behaviour_json(diagnosis.named)},
          {"behaviour",
           {{"mutantsCompared", diagnosis.mutants_compared},
            {"areas", std::move(areas)},
            {"matches", behaviour_json(diagnosis.behaviour)},
            {"unexplained", diagnosis.unexplained}}},
          {"signatureHints", std::move(matches)},
          {"note", diagnosis.note}};
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
  out += diagnosis_terminal(result, detail::kWrapWidth);
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
            {"diagnosis", diagnosis_json(result.diagnosis)}}},
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
