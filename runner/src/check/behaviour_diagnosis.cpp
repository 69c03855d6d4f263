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
  // Each area's test records its own result; a mutant's areas and conflicts add up over them, in
  // the order the areas first name the mutants.
  for (const auto& suite : doc.value("testsuites", nlohmann::json::array())) {
    if (suite.value("name", "") != "Behaviour") continue;
    for (const auto& test : suite.value("testsuite", nlohmann::json::array())) {
      if (!test.contains("matches")) return std::nullopt;
      const std::string area = test.value("name", "");
      const auto matches = nlohmann::json::parse(test.value("matches", ""), nullptr, false);
      if (!matches.is_array()) return std::nullopt;
      o.areas.push_back(
          {area, std::stoi(test.value("cases", "0")), std::stoi(test.value("differing", "0"))});
      o.mutants = std::stoi(test.value("mutants", "0"));
      for (const auto& m : matches) {
        const std::string id = m.value("id", "");
        auto at = std::ranges::find(o.matches, id, &BehaviourMatchId::id);
        if (at == o.matches.end()) at = o.matches.insert(at, {id, {}, 0});
        if (m.value("explains", false)) at->areas.push_back(area);
        at->conflicts += m.value("conflicts", 0);
      }
    }
  }
  if (o.areas.empty()) return std::nullopt;
  std::erase_if(o.matches, [](const BehaviourMatchId& m) { return m.areas.empty(); });
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
