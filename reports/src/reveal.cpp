#include "tinyllm/reports/reveal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "text.hpp"

namespace tinyllm::reports {

namespace {

constexpr std::pair<Reveal, std::string_view> kRevealNames[] = {
    {Reveal::Nothing, "nothing"},
    {Reveal::Title, "title"},
    {Reveal::TitleAndSymptom, "title_and_symptom"}};

// How many survivor ids a hidden group names before "and N more".
constexpr std::size_t kHiddenIdsShown = 3;
// How many tests that ran a survivor's code its sentence names before "and N more".
constexpr std::size_t kCoveringTestsShown = 3;
// How many line numbers a group's summary names before "and N more".
constexpr std::size_t kLinesShown = 8;

// Returns `text` with each run of white space made one space, trimmed.
std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Returns what a mutant no test reaches means: the suite never runs that code at all.
std::string unreached_meaning(const MutantResult& mutant) {
  const Reveal reveal = mutant.shown;
  if (is_generated(mutant.mutant)) {
    if (reveal == Reveal::Nothing) {
      return "None of your tests runs the code of a generated mutant, a small change to the "
             "module that the course suite detects: test more of the module.";
    }
    return fmt::format(
        "None of your tests runs the code at {}, which the course suite tests: add a test that "
        "runs it and checks its result.",
        file_and_line(mutant.mutant));
  }
  if (reveal == Reveal::Nothing) {
    return fmt::format(
        "None of your tests runs the code of mutant {}, an implementation with a known bug: test "
        "more of the module.",
        mutant.mutant.id);
  }
  return fmt::format(
      "None of your tests runs the code where the pitfall \"{}\" would be: add a test that runs "
      "it and fails when the pitfall is present.",
      mutant.mutant.title);
}

// What surviving generated mutants mean when nothing may be said of where they are.
std::string hidden_generated_meaning() {
  return "Every one of your tests passed on a generated mutant, a small change to the module's "
         "code that the course suite detects: your tests pass when that code is changed.";
}

bool hides_generated_survivors(const GradeResult& result) {
  return std::ranges::any_of(result.mutants, [](const MutantResult& m) {
    return is_generated(m.mutant) && m.shown == Reveal::Nothing;
  });
}

}  // namespace

bool is_generated(const MutantInfo& mutant) {
  return mutant.kind == MutantKind::Generated;
}

std::string file_and_line(const MutantInfo& mutant) {
  return fmt::format("{}:{}", mutant.file, mutant.line_begin);
}

std::string replaced_text(const MutantInfo& mutant) {
  if (mutant.replacement.empty()) return fmt::format("`{}` removed", one_line(mutant.original));
  return fmt::format("`{}` replaced by `{}`", one_line(mutant.original),
                     one_line(mutant.replacement));
}

std::string generated_description(const MutantInfo& mutant) {
  return fmt::format("{}: {} ({})", file_and_line(mutant), replaced_text(mutant),
                     mutant.operator_name);
}

std::string_view reveal_name(Reveal reveal) {
  return detail::name_of(kRevealNames, reveal);
}

std::optional<Reveal> parse_reveal(std::string_view name) {
  return detail::parse_name(kRevealNames, name);
}

std::string visible_title(const MutantResult& mutant) {
  const Reveal reveal = mutant.shown;
  const bool survived = !detected(mutant.status);  // Survived or NoCoverage
  if (survived && reveal == Reveal::Nothing) return "";
  if (!is_generated(mutant.mutant)) return mutant.mutant.title;
  if (survived && reveal == Reveal::Title) {
    return fmt::format("{}, {}", file_and_line(mutant.mutant), mutant.mutant.operator_name);
  }
  return generated_description(mutant.mutant);
}

std::string survivor_summary(const MutantResult& mutant) {
  const MutantInfo& info = mutant.mutant;
  if (mutant.shown == Reveal::Nothing) {
    return fmt::format("a {}mutant {} ({})", is_generated(info) ? "generated " : "",
                       mutant.status == MutantStatus::NoCoverage ? "no test reaches" : "survived",
                       info.id);
  }
  const bool symptom = mutant.shown == Reveal::TitleAndSymptom;
  if (!is_generated(info)) {
    return symptom ? fmt::format("{}: {} (symptom: {})", info.id, info.title, info.symptom)
                   : fmt::format("{}: {}", info.id, info.title);
  }
  const std::string where =
      fmt::format("{}: {}, {}", info.id, file_and_line(info), info.operator_name);
  return symptom ? fmt::format("{}: {}", where, replaced_text(info)) : where;
}

std::string survivor_meaning(const MutantResult& mutant) {
  if (mutant.status == MutantStatus::NoCoverage) return unreached_meaning(mutant);
  const Reveal reveal = mutant.shown;
  std::string meaning;
  if (is_generated(mutant.mutant)) {
    if (reveal == Reveal::Nothing) return hidden_generated_meaning();
    meaning = fmt::format(
        "Every one of your tests passed when the code at {} was changed ({}), a change the course "
        "suite detects: your tests pass when that code is changed. Add a test whose result "
        "depends on it.",
        file_and_line(mutant.mutant), mutant.mutant.operator_name);
  } else if (reveal == Reveal::Nothing) {
    meaning = fmt::format(
        "Every one of your tests passed on mutant {}, an implementation with a known bug: your "
        "tests do not catch that pitfall.",
        mutant.mutant.id);
  } else {
    meaning = fmt::format(
        "Every one of your tests passed on an implementation with this bug: your tests do not "
        "catch the pitfall \"{}\". Add a test that fails when it is present.",
        mutant.mutant.title);
  }
  // Reach: tests run the changed code and assert too little. Which tests, from Reveal::Title on.
  if (!mutant.covered_by.empty()) {
    meaning += reveal == Reveal::Nothing
                   ? " Your tests run its code, but none fails on it."
                   : fmt::format(" Your tests run its code ({}), but none fails on it.",
                                 detail::join_limited(mutant.covered_by, kCoveringTestsShown));
  }
  return meaning;
}

std::string generated_survivors_meaning(const GradeResult& result) {
  if (hides_generated_survivors(result)) return hidden_generated_meaning();
  return "Your tests pass when that code is changed, and the course suite detects each change: add "
         "tests whose results depend on it.";
}

std::vector<GeneratedGroup> generated_groups(const GradeResult& result) {
  const bool hide = hides_generated_survivors(result);
  std::map<std::pair<std::string, std::string>, GeneratedGroup> groups;
  for (const MutantResult& mutant : result.mutants) {
    if (!is_generated(mutant.mutant)) continue;
    std::pair<std::string, std::string> key;
    if (!hide) key = {mutant.mutant.file, mutant.mutant.operator_name};
    GeneratedGroup& group = groups[key];
    group.file = key.first;
    group.operator_name = key.second;
    ++group.counted;
    if (detected(mutant.status))
      ++group.detected;
    else
      group.survivors.push_back(&mutant);
    group.not_reached += mutant.status == MutantStatus::NoCoverage ? 1 : 0;
  }
  std::vector<GeneratedGroup> sorted;
  for (auto& [key, group] : groups) sorted.push_back(std::move(group));
  return sorted;
}

std::string group_survivors_summary(const GeneratedGroup& group) {
  const std::size_t count = group.survivors.size();
  const std::size_t unreached = static_cast<std::size_t>(group.not_reached);
  if (group.file.empty()) {
    std::vector<std::string> ids;
    for (const MutantResult* mutant : group.survivors) ids.push_back(mutant->mutant.id);
    if (count == 1) {
      return fmt::format("a generated mutant {} ({})",
                         unreached == 1 ? "no test reaches" : "survived", ids[0]);
    }
    const std::string listed = detail::join_limited(ids, kHiddenIdsShown);
    if (unreached == 0) return fmt::format("{} generated mutants survived ({})", count, listed);
    // Reach: those no test runs are said apart from those tests run.
    return fmt::format("{} generated mutants not detected ({}): {} survived, {} not reached", count,
                       listed, count - unreached, unreached);
  }
  std::vector<std::string> lines;
  for (const MutantResult* mutant : group.survivors) {
    const std::string line = std::to_string(mutant->mutant.line_begin);
    if (std::ranges::find(lines, line) == lines.end()) lines.push_back(line);
  }
  std::vector<std::string> kinds;
  if (count > unreached) kinds.push_back(fmt::format("{} survived", count - unreached));
  if (unreached > 0) kinds.push_back(fmt::format("{} not reached", unreached));
  return fmt::format("{} ({} {})", detail::join(kinds, ", "), lines.size() == 1 ? "line" : "lines",
                     detail::join_limited(lines, kLinesShown));
}

std::vector<std::string> group_survivor_details(const GeneratedGroup& group) {
  std::vector<std::string> details;
  for (const MutantResult* mutant : group.survivors) {
    if (mutant->shown != Reveal::TitleAndSymptom) continue;
    details.push_back(
        fmt::format("line {}: {}", mutant->mutant.line_begin, replaced_text(mutant->mutant)));
  }
  return details;
}

std::string percent(double fraction) {
  return fmt::format("{:.1f}%", fraction * 100.0);
}

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
  const auto count = [&](MutantStatus status) {
    return std::ranges::count(result.mutants, status, &MutantResult::status);
  };
  return fmt::format(
      "Reach: {} of {} mutants are in code no test runs (NoCoverage, not run); {} survived "
      "although tests run their code.",
      count(MutantStatus::NoCoverage), result.mutants.size(), count(MutantStatus::Survived));
}

std::string reaching_without_detecting_line(const GradeResult& result) {
  const std::vector<std::string> idle = tests_reaching_without_detecting(result);
  if (idle.empty()) return "";
  return fmt::format("Tests that run mutated code but detect nothing: {}.",
                     detail::join(idle, ", "));
}

}  // namespace tinyllm::reports
