// The behavioural diagnosis of `check`: the differential driver runs the learner's module, the
// reference and every known mutant (behaviours.hpp) on the same fixed sample of each contract area
// and reports, per area, on how many inputs the learner differs from the reference, and which
// mutants give the learner's results wherever it differs (runner/sandboxed/differential/driver/
// behaviour.hpp). This reads that report and names the bugs:
//
// - a mutant *explains* an area when its results equal the learner's on every input where the
//   learner's differ from the reference's; it is *exact* when, besides, it differs from the
//   reference nowhere the learner does not (no conflicts): it behaves exactly like the module on
//   every input tried;
// - named, one bug each, are the exact mutants that explain every area some exact mutant
//   explains, taken greedily: more areas first (one bug that explains two areas beats two), then
//   pitfalls before generated mutants; several bugs in different areas are named at once;
// - a differing area no named mutant explains is unexplained: the report shows its counterexample
//   and says that no known mutant behaves like the module there.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

struct BehaviourMatchId {
  std::string id;
  std::vector<std::string> areas;
  int conflicts = 0;
};

// What the driver's behaviour tests reported (one test per area, Behaviour.<area>, each with its
// properties), added up over the areas.
struct BehaviourObservation {
  std::vector<reports::BehaviourArea> areas;
  std::vector<BehaviourMatchId> matches;
  int mutants = 0;
  std::string error;  // the driver could not compare (its behaviours file), said why
};

// Returns the observation in the driver's GoogleTest JSON result, nullopt when it holds no
// behaviour test (the check ran without a behaviours file) or it is malformed.
std::optional<BehaviourObservation> parse_behaviour_json(const std::string& json);

// Fills `diagnosis`'s areas, behaviour, named, unexplained, mutants_compared and confident from
// `observation`; `known` gives each mutant's description (a match whose id is not among them is
// left out: the build recorded a mutant this check does not know).
void diagnose_by_behaviour(const BehaviourObservation& observation,
                           const std::vector<reports::MutantInfo>& known,
                           reports::Diagnosis& diagnosis);

}  // namespace tinyllm::runner
