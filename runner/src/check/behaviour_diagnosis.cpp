// Naming bugs by behaviour (behaviour_diagnosis.hpp).
#include "check/behaviour_diagnosis.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace tinyllm::runner {

std::optional<BehaviourObservation> parse_behaviour_json(const std::string& json) {
  const auto doc = nlohmann::json::parse(json, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return std::nullopt;
  BehaviourObservation o;
  if (doc.contains("behaviour_error")) {
    o.error = doc["behaviour_error"].get<std::string>();
    return o;
  }
  if (!doc.contains("behaviour_areas") || !doc.contains("behaviour_matches")) return std::nullopt;
  const auto areas = nlohmann::json::parse(doc.value("behaviour_areas", ""), nullptr, false);
  const auto matches = nlohmann::json::parse(doc.value("behaviour_matches", ""), nullptr, false);
  if (!areas.is_array() || !matches.is_array()) return std::nullopt;
  for (const auto& a : areas)
    o.areas.push_back({a.value("name", ""), a.value("cases", 0), a.value("differing", 0)});
  for (const auto& m : matches)
    o.matches.push_back(
        {m.value("id", ""), m.value("areas", std::vector<std::string>{}), m.value("conflicts", 0)});
  o.mutants = std::stoi(doc.value("behaviour_mutants", "0"));
  return o;
}

void diagnose_by_behaviour(const BehaviourObservation& observation,
                           const std::vector<reports::MutantInfo>& known,
                           reports::Diagnosis& diagnosis) {
  diagnosis.areas = observation.areas;
  diagnosis.mutants_compared = observation.mutants;
  std::map<std::string, std::size_t> position;  // catalog order, then the generated set's
  for (std::size_t i = 0; i < known.size(); ++i) position.emplace(known[i].id, i);
  for (const BehaviourMatchId& m : observation.matches) {
    const auto found = position.find(m.id);
    if (found == position.end()) continue;
    diagnosis.behaviour.push_back({known[found->second], m.areas, m.conflicts});
  }
  auto is_pitfall = [](const reports::BehaviourMatch& m) {
    return m.mutant.kind == reports::MutantKind::Pitfall;
  };
  std::stable_sort(diagnosis.behaviour.begin(), diagnosis.behaviour.end(),
                   [&](const reports::BehaviourMatch& a, const reports::BehaviourMatch& b) {
                     if ((a.conflicts == 0) != (b.conflicts == 0)) return a.conflicts == 0;
                     if (a.areas.size() != b.areas.size()) return a.areas.size() > b.areas.size();
                     if (is_pitfall(a) != is_pitfall(b)) return is_pitfall(a);
                     if (a.conflicts != b.conflicts) return a.conflicts < b.conflicts;
                     return position[a.mutant.id] < position[b.mutant.id];
                   });
  // The fewest exact matches that explain every area one explains: greedily, best first.
  std::set<std::string> explained;
  for (const reports::BehaviourMatch& m : diagnosis.behaviour) {
    if (m.conflicts != 0) continue;
    const bool adds = std::any_of(m.areas.begin(), m.areas.end(),
                                  [&](const std::string& a) { return !explained.count(a); });
    if (!adds) continue;
    diagnosis.named.push_back(m);
    explained.insert(m.areas.begin(), m.areas.end());
  }
  for (const reports::BehaviourArea& area : diagnosis.areas)
    if (area.differing > 0 && !explained.count(area.name))
      diagnosis.unexplained.push_back(area.name);
  diagnosis.confident = !diagnosis.named.empty();
}

}  // namespace tinyllm::runner
