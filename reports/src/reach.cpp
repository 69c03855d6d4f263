// What reach found, in the words every format shares.
#include "tinyllm/reports/reach.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <set>

#include "text.hpp"

namespace tinyllm::reports {

std::vector<std::string> tests_reaching_without_detecting(const GradeResult& result) {
  std::set<std::string> reaching;
  std::set<std::string> detecting;
  for (const MutantResult& mutant : result.mutants) {
    reaching.insert(mutant.covered_by.begin(), mutant.covered_by.end());
    // A test named as running when a detected mutant crashed or timed out detected it too.
    if (detected(mutant.status)) detecting.insert(mutant.killed_by.begin(), mutant.killed_by.end());
  }
  std::vector<std::string> idle;
  std::ranges::set_difference(reaching, detecting, std::back_inserter(idle));
  return idle;
}

std::string undetected_kind(const GradeResult& result, const MutantResult& mutant) {
  if (mutant.status == MutantStatus::NoCoverage) return "no test runs this code";
  if (mutant.status == MutantStatus::Survived && result.reach_measured) {
    return "tests run it but none fails";
  }
  return "";
}

std::string reach_line(const GradeResult& result) {
  if (!result.reach_measured) return "";
  int unreached = 0;
  int survived = 0;
  for (const MutantResult& mutant : result.mutants) {
    unreached += mutant.status == MutantStatus::NoCoverage ? 1 : 0;
    survived += mutant.status == MutantStatus::Survived ? 1 : 0;
  }
  return fmt::format(
      "Reach: {} of {} mutants are in code no test runs (NoCoverage, not run); {} survived "
      "although tests run their code.",
      unreached, result.mutants.size(), survived);
}

std::string reaching_without_detecting_line(const GradeResult& result) {
  const std::vector<std::string> idle = tests_reaching_without_detecting(result);
  if (idle.empty()) return "";
  return fmt::format("Tests that run mutated code but detect nothing: {}.",
                     detail::join(idle, ", "));
}

}  // namespace tinyllm::reports
