// The runner's own minimal terminal summary (reports/ will provide the full terminal report).
#include "summary.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

namespace tinyllm::runner {

namespace {

std::string paint(bool colour, fmt::color c, const std::string& text) {
  return colour ? fmt::format(fmt::fg(c) | fmt::emphasis::bold, "{}", text) : text;
}

std::string join_tests(const std::vector<std::string>& tests) {
  std::string s;
  for (std::size_t i = 0; i < tests.size() && i < 3; ++i) s += (i ? ", " : "") + tests[i];
  if (tests.size() > 3) s += fmt::format(" and {} more", tests.size() - 3);
  return s;
}

}  // namespace

void write_summary(const reports::GradeResult& r, std::ostream& out, bool colour) {
  out << fmt::format("Suite {} ({}), grading seed {}\n", r.suite_name, r.suite_path, r.seed);
  if (!r.compile_log.empty()) out << "\nThe suite does not compile:\n" << r.compile_log << "\n";
  for (const auto& f : r.reference_failures) {
    out << fmt::format("\nFails on the reference: {} (seed {})\n{}\nReproduce: {}\n",
                       f.test.empty() ? "(no test named)" : f.test, f.seed, f.message, f.reproduce);
  }
  if (r.verdict != reports::Verdict::Invalid) {
    out << fmt::format("\n{:<5} {:<9} {:>7}  {}\n", "id", "status", "seconds",
                       "killed by / reason");
    for (const auto& m : r.mutants) {
      fmt::color c = m.status == reports::MutantStatus::Survived  ? fmt::color::red
                     : m.status == reports::MutantStatus::Timeout ? fmt::color::yellow
                                                                  : fmt::color::green;
      // A failed test is named by the list; a crash, timeout or early exit by its reason, which
      // already names the test it happened in.
      const bool tests_failed = m.reason.find("failed") != std::string::npos;
      std::string detail =
          tests_failed && !m.killed_by.empty() ? join_tests(m.killed_by) : m.reason;
      out << fmt::format("{:<5} {} {:>7.2f}  {}\n", m.mutant.id,
                         paint(colour, c, fmt::format("{:<9}", reports::to_string(m.status))),
                         m.seconds, detail);
    }
    bool any_survivor = false;
    for (const auto& m : r.mutants) {
      if (reports::detected(m.status)) continue;
      if (!any_survivor) out << "\nSurvivors (your tests do not notice these bugs):\n";
      any_survivor = true;
      switch (r.reveal) {
        case reports::Reveal::Nothing:
          out << fmt::format("  {}{}\n", m.mutant.id, m.mutant.required ? " (required)" : "");
          break;
        case reports::Reveal::Title:
          out << fmt::format("  {}: {}{}\n", m.mutant.id, m.mutant.title,
                             m.mutant.required ? " (required)" : "");
          break;
        case reports::Reveal::TitleAndSymptom:
          out << fmt::format("  {}: {}; symptom: {}{}\n", m.mutant.id, m.mutant.title,
                             m.mutant.symptom, m.mutant.required ? " (required)" : "");
          break;
      }
    }
    int detected = 0;
    for (const auto& m : r.mutants) detected += reports::detected(m.status) ? 1 : 0;
    out << fmt::format("\nScore {:.2f} ({} of {} detected), threshold {:.2f}\n", r.score, detected,
                       r.mutants.size(), r.threshold);
  }
  for (const auto& why : r.invalid_reasons) out << "INVALID: " << why << "\n";
  fmt::color vc = r.verdict == reports::Verdict::Pass ? fmt::color::green : fmt::color::red;
  out << "Verdict: " << paint(colour, vc, reports::to_string(r.verdict))
      << fmt::format(" ({:.1f} s)\n", r.seconds);
}

}  // namespace tinyllm::runner
