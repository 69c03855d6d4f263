// Why a grade is what it is: the same words in the terminal, Markdown, JUnit and Gradescope.
#include "verdict_reasons.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports::detail {

std::vector<std::string> required_survivors(const GradeResult& result) {
  std::vector<std::string> ids;
  for (const MutantResult& mutant : result.mutants) {
    if (mutant.mutant.required && mutant.status == MutantStatus::Survived) {
      ids.push_back(mutant.mutant.id);
    }
  }
  return ids;
}

std::string graded_set(const GradeResult& result) {
  int pitfalls = 0;
  int generated = 0;
  for (const MutantResult& mutant : result.mutants) {
    (is_generated(mutant.mutant) ? generated : pitfalls) += 1;
  }
  const auto plural = [](int n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
  };
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
  if (counts.equivalent > 0) dropped.push_back(fmt::format("{} equivalent", counts.equivalent));
  if (counts.duplicate > 0) {
    dropped.push_back(plural(counts.duplicate, "duplicate", "duplicates"));
  }
  if (counts.reviewed > 0) dropped.push_back(fmt::format("{} reviewed", counts.reviewed));
  if (counts.course_undetected > 0) {
    dropped.push_back(fmt::format("{} not detected by the course suite", counts.course_undetected));
  }
  const int not_counted =
      counts.equivalent + counts.duplicate + counts.reviewed + counts.course_undetected;
  if (not_counted > 0) {
    text += fmt::format("; {} generated not counted ({})", not_counted, join(dropped, ", "));
  }
  return text;
}

std::string score_line(const GradeResult& result) {
  const int total = static_cast<int>(result.mutants.size());
  const int detected = total - count_status(result, MutantStatus::Survived) -
                       count_status(result, MutantStatus::NoCoverage);
  return fmt::format("{}/{} mutants detected ({}), threshold {}", detected, total,
                     percent(result.score), percent(result.threshold));
}

std::vector<std::string> verdict_reasons(const GradeResult& result) {
  std::vector<std::string> reasons;
  if (result.verdict == Verdict::Invalid) {
    reasons = result.invalid_reasons;
    if (reasons.empty() && !result.compile_log.empty()) {
      reasons.push_back("The suite does not compile.");
    }
    if (reasons.empty() && !reference_failures(result).empty()) {
      reasons.push_back(fmt::format(
          "{} test(s) fail on the reference implementation: a test that rejects the correct code "
          "is wrong, so no mutant was graded.",
          reference_failures(result).size()));
    }
    return reasons;
  }
  if (result.score < result.threshold) {
    reasons.push_back(fmt::format("The score {} is below the threshold {}.", percent(result.score),
                                  percent(result.threshold)));
  }
  const std::vector<std::string> missed = required_survivors(result);
  if (!missed.empty()) {
    reasons.push_back(fmt::format("Every pitfall mutant must be detected; {} survived: {}.",
                                  missed.size(), join(missed, ", ")));
  }
  if (reasons.empty() && result.verdict == Verdict::Pass) {
    reasons.push_back(
        "The suite accepts the reference, reaches the threshold and detects every "
        "required mutant.");
  }
  return reasons;
}

}  // namespace tinyllm::reports::detail
