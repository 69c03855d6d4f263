// What a report may say about a mutant: the one place the reveal policy is applied.
#include "tinyllm/reports/reveal.hpp"

#include <fmt/format.h>

namespace tinyllm::reports {

std::string visible_title(const MutantResult& mutant, Reveal reveal) {
  if (mutant.status == MutantStatus::Survived && reveal == Reveal::Nothing) return "";
  return mutant.mutant.title;
}

std::string survivor_summary(const MutantResult& mutant, Reveal reveal) {
  const MutantInfo& info = mutant.mutant;
  switch (reveal) {
    case Reveal::Nothing:
      return fmt::format("a mutant survived ({})", info.id);
    case Reveal::Title:
      return fmt::format("{}: {}", info.id, info.title);
    case Reveal::TitleAndSymptom:
      return fmt::format("{}: {} (symptom: {})", info.id, info.title, info.symptom);
  }
  return info.id;
}

std::string survivor_meaning(const MutantResult& mutant, Reveal reveal) {
  if (reveal == Reveal::Nothing) {
    return fmt::format(
        "Every one of your tests passed on mutant {}, an implementation with a known bug: your "
        "tests do not catch that pitfall.",
        mutant.mutant.id);
  }
  return fmt::format(
      "Every one of your tests passed on an implementation with this bug: your tests do not catch "
      "the pitfall \"{}\". Add a test that fails when it is present.",
      mutant.mutant.title);
}

std::string status_with_reason(const MutantResult& mutant) {
  if (mutant.reason.empty()) return to_string(mutant.status);
  return fmt::format("{} ({})", to_string(mutant.status), mutant.reason);
}

int count_status(const GradeResult& result, MutantStatus status) {
  int count = 0;
  for (const MutantResult& mutant : result.mutants) count += mutant.status == status ? 1 : 0;
  return count;
}

std::string percent(double fraction) {
  return fmt::format("{:.1f}%", fraction * 100.0);
}

}  // namespace tinyllm::reports
