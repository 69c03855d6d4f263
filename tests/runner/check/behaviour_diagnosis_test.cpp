// The behavioural diagnosis's naming (behaviour_diagnosis.hpp) on hand-made observations: which
// mutants are named, in which order, and which areas stay unexplained; and the reading of the
// driver's JSON root properties.
#include "check/behaviour_diagnosis.hpp"

#include <gtest/gtest.h>

namespace tinyllm::runner {
namespace {

reports::MutantInfo mutant(const std::string& id) {
  reports::MutantInfo m;
  m.id = id;
  m.kind = id[0] == 'g' ? reports::MutantKind::Generated : reports::MutantKind::Pitfall;
  return m;
}

const std::vector<reports::MutantInfo> kKnown = {mutant("s07"), mutant("s13"), mutant("s22"),
                                                 mutant("g1"), mutant("g2")};

std::vector<std::string> named(const reports::Diagnosis& d) {
  std::vector<std::string> ids;
  for (const auto& m : d.named) ids.push_back(m.mutant.id);
  return ids;
}

BehaviourObservation observed(std::vector<reports::BehaviourArea> areas,
                              std::vector<BehaviourMatchId> matches) {
  return {std::move(areas), std::move(matches), 244, ""};
}

// Catches: one of two bugs in different areas lost behind the other (each explains one area).
TEST(BehaviourDiagnosis, two_exact_mutants_in_different_areas_are_both_named) {
  reports::Diagnosis d;
  diagnose_by_behaviour(
      observed({{"DynamicLossScaler", 100, 48}, {"checkpoint_sequential", 100, 52}},
               {{"s22", {"checkpoint_sequential"}, 0}, {"s13", {"DynamicLossScaler"}, 0}}),
      kKnown, d);
  EXPECT_EQ(named(d), (std::vector<std::string>{"s13", "s22"}));
  EXPECT_TRUE(d.confident);
  EXPECT_TRUE(d.unexplained.empty());
}

// Catches: a mutant named although it differs from the reference where the learner's module is
// right (it explains the differences but is another bug), and an unexplained area not reported.
TEST(BehaviourDiagnosis, a_match_with_conflicts_is_listed_but_not_named) {
  reports::Diagnosis d;
  diagnose_by_behaviour(observed({{"cast", 100, 30}}, {{"s07", {"cast"}, 3}}), kKnown, d);
  EXPECT_TRUE(named(d).empty());
  EXPECT_FALSE(d.confident);
  ASSERT_EQ(d.behaviour.size(), 1u);
  EXPECT_EQ(d.behaviour[0].conflicts, 3);
  EXPECT_EQ(d.unexplained, (std::vector<std::string>{"cast"}));
}

// Catches: two bugs named where one explains both areas (a generated mutant covering two areas
// against a pitfall covering one), and a pitfall not preferred to an equivalent generated mutant.
TEST(BehaviourDiagnosis, one_mutant_for_two_areas_beats_two_and_pitfalls_break_ties) {
  reports::Diagnosis d;
  diagnose_by_behaviour(observed({{"DynamicLossScaler", 100, 64}, {"train_step_mixed", 100, 30}},
                                 {{"s13", {"DynamicLossScaler"}, 0},
                                  {"g1", {"DynamicLossScaler", "train_step_mixed"}, 0}}),
                        kKnown, d);
  EXPECT_EQ(named(d), (std::vector<std::string>{"g1"}));
  reports::Diagnosis tie;
  diagnose_by_behaviour(
      observed({{"DynamicLossScaler", 100, 64}},
               {{"g2", {"DynamicLossScaler"}, 0}, {"s13", {"DynamicLossScaler"}, 0}}),
      kKnown, tie);
  EXPECT_EQ(named(tie), (std::vector<std::string>{"s13"}));
  EXPECT_EQ(tie.behaviour.size(), 2u) << "the equivalent generated mutant is still listed";
}

// Catches: a mutant of another build (not among the known) named with an empty description.
TEST(BehaviourDiagnosis, an_unknown_id_is_left_out) {
  reports::Diagnosis d;
  diagnose_by_behaviour(observed({{"cast", 100, 5}}, {{"g999", {"cast"}, 0}}), kKnown, d);
  EXPECT_TRUE(d.behaviour.empty());
  EXPECT_EQ(d.unexplained, (std::vector<std::string>{"cast"}));
}

// Catches: the behaviour tests' properties misread (JSON inside JSON strings), a mutant's areas or
// conflicts not added up over the areas (one that explains cast but conflicts in checkpoint is
// not exact), a mutant that only conflicts listed as a match, and a driver error taken for an
// empty observation.
TEST(BehaviourDiagnosis, adds_up_each_area_tests_properties) {
  const auto o = parse_behaviour_json(R"({"testsuites": [{"name": "Behaviour", "testsuite": [
      {"name": "cast", "cases": "100", "differing": "3", "mutants": "244",
       "matches": "[{\"id\":\"s04\",\"explains\":true,\"conflicts\":0},{\"id\":\"s02\",\"explains\":false,\"conflicts\":5}]"},
      {"name": "checkpoint", "cases": "100", "differing": "0", "mutants": "244",
       "matches": "[{\"id\":\"s04\",\"explains\":false,\"conflicts\":2}]"}]}]})");
  ASSERT_TRUE(o);
  ASSERT_EQ(o->areas.size(), 2u);
  EXPECT_EQ(o->areas[0].name, "cast");
  EXPECT_EQ(o->areas[0].differing, 3);
  ASSERT_EQ(o->matches.size(), 1u);
  EXPECT_EQ(o->matches[0].id, "s04");
  EXPECT_EQ(o->matches[0].areas, (std::vector<std::string>{"cast"}));
  EXPECT_EQ(o->matches[0].conflicts, 2);
  EXPECT_EQ(o->mutants, 244);
  const auto failed = parse_behaviour_json(R"({"behaviour_error": "recorded on another sample"})");
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->error, "recorded on another sample");
  EXPECT_FALSE(parse_behaviour_json(R"({"testsuites": []})"));
}

}  // namespace
}  // namespace tinyllm::runner
