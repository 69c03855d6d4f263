#include "verdict_reasons.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "text.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"

namespace tinyllm::reports::detail {

std::string graded_set(const GradeResult& result) {
  std::size_t pitfalls = 0;
  std::size_t generated = 0;
  for (const MutantResult& mutant : result.mutants) {
    (is_generated(mutant.mutant) ? generated : pitfalls) += 1;
  }
  if (result.mutant_set == MutantSet::PitfallsOnly) {
    if (result.mutants.empty()) return "pitfalls only";
    return fmt::format("pitfalls only ({})", plural(pitfalls, "pitfall", "pitfalls"));
  }
  std::string text = "full";
  if (!result.mutants.empty()) {
    text += fmt::format(": {} + {}", plural(pitfalls, "pitfall", "pitfalls"),
                        plural(generated, "generated mutant", "generated mutants"));
  }
  const GeneratedCounts& counts = result.generated;
  std::vector<std::string> dropped;
  if (counts.left_out > 0) dropped.push_back(fmt::format("{} left out", counts.left_out));
  if (counts.reviewed > 0) dropped.push_back(fmt::format("{} reviewed", counts.reviewed));
  if (counts.course_undetected > 0) {
    dropped.push_back(fmt::format("{} not detected by the course suite", counts.course_undetected));
  }
  const int not_counted = counts.left_out + counts.reviewed + counts.course_undetected;
  if (not_counted > 0) {
    text += fmt::format("; {} generated not counted ({})", not_counted, join(dropped, ", "));
  }
  return text;
}

std::string score_line(const GradeResult& result) {
  const auto found = std::ranges::count_if(
      result.mutants, [](const MutantResult& mutant) { return detected(mutant.status); });
  return fmt::format("{}/{} mutants detected ({}), threshold {}", found, result.mutants.size(),
                     percent(result.score), percent(result.threshold));
}

std::string generated_counts(const GradeResult& result) {
  int counted = 0;
  int survived = 0;
  int unreached = 0;
  for (const MutantResult& mutant : result.mutants) {
    if (!is_generated(mutant.mutant)) continue;
    ++counted;
    survived += mutant.status == MutantStatus::Survived ? 1 : 0;
    unreached += mutant.status == MutantStatus::NoCoverage ? 1 : 0;
  }
  if (counted == 0) return "";
  return fmt::format("{} generated mutants: {} detected, {} survived{}", counted,
                     counted - survived - unreached, survived,
                     unreached > 0 ? fmt::format(", {} not reached", unreached) : "");
}

std::string no_killer(const MutantResult& mutant, std::string_view none) {
  if (mutant.status == MutantStatus::Survived) return std::string(none);
  return mutant.status == MutantStatus::NoCoverage ? "no test runs its code" : mutant.reason;
}

std::string invalid_tests_heading(const GradeResult& result) {
  return result.verdict == Verdict::Invalid ? "Invalid tests" : "Invalid tests (not graded)";
}

std::vector<std::string> verdict_reasons(const GradeResult& result) {
  std::vector<std::string> reasons;
  if (result.verdict == Verdict::Invalid) {
    reasons = result.invalid_reasons;
    if (reasons.empty() && !result.compile_log.empty()) {
      reasons.push_back("The suite does not compile.");
    }
    if (reasons.empty() && !result.invalid_tests.empty()) {
      reasons.push_back(invalid_tests_sentence(result));
    }
    return reasons;
  }
  if (result.score < result.threshold) {
    reasons.push_back(fmt::format("The score {} is below the threshold {}.", percent(result.score),
                                  percent(result.threshold)));
  }
  // A required mutant no test reaches is named as such: the fix is a test that runs its code.
  std::vector<std::string> missed;
  bool unreached = false;
  for (const MutantResult& mutant : result.mutants) {
    if (!mutant.mutant.required || detected(mutant.status)) continue;
    const bool here = mutant.status == MutantStatus::NoCoverage;
    unreached = unreached || here;
    missed.push_back(here ? mutant.mutant.id + " (no test runs its code)" : mutant.mutant.id);
  }
  if (!missed.empty()) {
    reasons.push_back(fmt::format("Every pitfall mutant must be detected; {} {}: {}.",
                                  missed.size(), unreached ? "not detected" : "survived",
                                  join(missed, ", ")));
  }
  if (reasons.empty() && result.verdict == Verdict::Pass) {
    reasons.push_back(result.invalid_tests.empty()
                          ? "The suite accepts the reference, reaches the threshold and detects "
                            "every required mutant."
                          : "The suite's valid tests accept the reference and every wheat, reach "
                            "the threshold and detect every required mutant.");
  }
  if (!result.invalid_tests.empty()) reasons.push_back(invalid_tests_sentence(result));
  return reasons;
}

}  // namespace tinyllm::reports::detail
