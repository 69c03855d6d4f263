// The diagnosis in the check reports (check_diagnosis.hpp).
#include "check_diagnosis.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "text.hpp"
#include "tinyllm/reports/check_report.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports::detail {
namespace {

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

}  // namespace

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

}  // namespace tinyllm::reports::detail
