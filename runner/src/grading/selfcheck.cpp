// Compares the course suite's grade with the catalog, and draws the kill matrix.
#include "grading/selfcheck.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace tinyllm::runner {

SelfcheckReport check_against_catalog(const reports::GradeResult& course) {
  SelfcheckReport report;
  if (course.verdict == reports::Verdict::Invalid) {
    report.disagreements.push_back(
        "the course suite is INVALID (it does not compile, or a test fails on the reference or "
        "a wheat): see above");
    return report;
  }
  std::set<std::string> tests;
  for (const auto& t : course.tests) tests.insert(t.name);
  for (const auto& m : course.mutants) {
    for (const auto& expected : m.mutant.caught_by) {
      if (!tests.count(expected)) {
        report.disagreements.push_back(fmt::format(
            "mutant {}: the catalog says {} catches it, but the course suite has no such test",
            m.mutant.id, expected));
        continue;
      }
      if (std::ranges::find(m.killed_by, expected) != m.killed_by.end()) continue;
      report.disagreements.push_back(
          fmt::format("mutant {} ({}): the catalog says {} catches it, but {} ({})", m.mutant.id,
                      m.mutant.title, expected,
                      m.status == reports::MutantStatus::Survived ? "the test passed against it"
                      : m.status == reports::MutantStatus::NoCoverage
                          ? "no test runs its code (NoCoverage)"
                          : "the run did not show that test failing",
                      m.reason));
    }
  }
  std::map<std::vector<std::string>, std::vector<std::string>> by_tests;
  for (const auto& m : course.mutants)
    if (m.status == reports::MutantStatus::Killed) by_tests[m.killed_by].push_back(m.mutant.id);
  for (const auto& [killers, ids] : by_tests)
    for (std::size_t i = 0; i < ids.size(); ++i)
      for (std::size_t j = i + 1; j < ids.size(); ++j) report.twins.emplace_back(ids[i], ids[j]);
  return report;
}

void write_kill_matrix(const reports::GradeResult& course, std::ostream& out) {
  std::size_t width = 4;
  for (const auto& t : course.tests) width = std::max(width, t.name.size());
  out << fmt::format("{:<{}}", "test", width);
  for (const auto& m : course.mutants) out << " " << m.mutant.id.substr(1);
  out << "\n";
  for (const auto& t : course.tests) {
    out << fmt::format("{:<{}}", t.name, width);
    for (const auto& m : course.mutants) {
      const bool killed = std::ranges::find(m.killed_by, t.name) != m.killed_by.end();
      out << "  "
          << (m.status == reports::MutantStatus::Timeout      ? 'T'
              : m.status == reports::MutantStatus::NoCoverage ? '-'
              : !killed                                       ? '.'
              : m.killed_by_failed_tests                      ? 'X'
                                                              : 'C');
    }
    out << "\n";
  }
  out << fmt::format("{:<{}}", "killed by any", width);
  for (const auto& m : course.mutants) out << "  " << (reports::detected(m.status) ? 'Y' : 'n');
  out << "\n";
}

}  // namespace tinyllm::runner
