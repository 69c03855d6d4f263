// What a report may say about a mutant: the one place the reveal policy is applied.
#include "tinyllm/reports/reveal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace tinyllm::reports {

namespace {

// The one spelling of each level (the configuration's, and so every report's).
constexpr std::pair<Reveal, std::string_view> kRevealNames[] = {
    {Reveal::Nothing, "nothing"},
    {Reveal::Title, "title"},
    {Reveal::TitleAndSymptom, "title_and_symptom"}};

}  // namespace

std::string_view reveal_name(Reveal reveal) {
  for (const auto& [level, name] : kRevealNames) {
    if (level == reveal) return name;
  }
  return "?";
}

std::optional<Reveal> parse_reveal(std::string_view name) {
  for (const auto& [level, spelling] : kRevealNames) {
    if (spelling == name) return level;
  }
  return std::nullopt;
}

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

std::string visible_source(const GradeResult& result, const std::string& path) {
  const auto found = result.oracle_files.find(path);
  if (found == result.oracle_files.end()) return "";
  const bool survivor_here =
      std::any_of(result.mutants.begin(), result.mutants.end(), [&](const MutantResult& m) {
        return m.status == MutantStatus::Survived && m.mutant.file == path;
      });
  if (result.reveal != Reveal::Nothing || !survivor_here) return found->second;
  // One stand-in line per source line, so every mutant's location still points inside the file.
  std::string stand_in =
      "// The oracle's source is withheld: the grading policy reveals nothing about survivors.";
  for (char c : found->second)
    if (c == '\n') stand_in += "\n//";
  return stand_in;
}

}  // namespace tinyllm::reports
