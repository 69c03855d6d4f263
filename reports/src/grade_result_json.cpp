// Lossless JSON for GradeResult, field by field, enums by name so stored grades stay readable.
#include "tinyllm/reports/grade_result_json.hpp"

#include <string>
#include <vector>

#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::catalog {
// In MutantInfo's own namespace, where nlohmann's argument-dependent lookup finds it.
NLOHMANN_JSON_SERIALIZE_ENUM(MutantKind, {{MutantKind::Pitfall, "pitfall"},
                                          {MutantKind::Generated, "generated"}})

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MutantInfo, kind, id, title, symptom, caught_by, file, function,
                                   line_begin, line_end, column_begin, column_end, operator_name,
                                   original, replacement, hint_question, hint_concept, required)

NLOHMANN_JSON_SERIALIZE_ENUM(WheatKind,
                             {{WheatKind::Binary, "binary"}, {WheatKind::Semantic, "semantic"}})
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(WheatInfo, id, kind, title, varies, freedom, build)
}  // namespace tinyllm::catalog

namespace tinyllm::reports {

NLOHMANN_JSON_SERIALIZE_ENUM(MutantStatus, {{MutantStatus::Killed, "Killed"},
                                            {MutantStatus::Survived, "Survived"},
                                            {MutantStatus::Timeout, "Timeout"},
                                            {MutantStatus::NoCoverage, "NoCoverage"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Validity,
                             {{Validity::PerTest, "per-test"}, {Validity::Strict, "strict"}})
NLOHMANN_JSON_SERIALIZE_ENUM(MutantSet,
                             {{MutantSet::Full, "full"}, {MutantSet::PitfallsOnly, "pitfalls"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Verdict, {{Verdict::Pass, "PASS"},
                                       {Verdict::Fail, "FAIL"},
                                       {Verdict::Invalid, "INVALID"}})

void to_json(nlohmann::json& out, const Reveal& reveal) {
  out = std::string(reveal_name(reveal));
}

void from_json(const nlohmann::json& in, Reveal& reveal) {
  const std::string name = in.get<std::string>();
  const auto parsed = parse_reveal(name);
  if (!parsed) throw std::invalid_argument("unknown reveal level '" + name + "' in a stored grade");
  reveal = *parsed;
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MutantResult, mutant, status, reason, killed_by, seconds,
                                   killed_by_failed_tests, covered_by)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GeneratedCounts, raw, left_out, reviewed, course_undetected,
                                   counted)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TestInfo, name, file, line)

void to_json(nlohmann::json& out, const HintRung& rung) {
  out = std::string(hint_rung_name(rung));
}
void from_json(const nlohmann::json& in, HintRung& rung) {
  const auto parsed = parse_hint_rung(in.get<std::string>());
  if (!parsed) throw std::invalid_argument("unknown hint rung in a stored grade");
  rung = *parsed;
}
void to_json(nlohmann::json& out, const View& view) {
  out = std::string(view_name(view));
}
void from_json(const nlohmann::json& in, View& view) {
  const auto parsed = parse_view(in.get<std::string>());
  if (!parsed) throw std::invalid_argument("unknown view in a stored grade");
  view = *parsed;
}
void to_json(nlohmann::json& out, const ScorePolicy& policy) {
  out = std::string(score_policy_name(policy));
}
void from_json(const nlohmann::json& in, ScorePolicy& policy) {
  const auto parsed = parse_score_policy(in.get<std::string>());
  if (!parsed) throw std::invalid_argument("unknown score policy in a stored grade");
  policy = *parsed;
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Feedback, ladder, attempts_per_rung, attempt, after_deadline,
                                   rung, learner_reveal, view)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ValidityFailure, variant, seed, message, reproduce)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvalidTest, test, failures)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GradeEnvironment, ci, os_platform, os_description, logical_cores)

void to_json(nlohmann::json& out, const GradeResult& r) {
  out = {{"suite_name", r.suite_name},
         {"suite_path", r.suite_path},
         {"verdict", r.verdict},
         {"score", r.score},
         {"threshold", r.threshold},
         {"reveal", r.reveal},
         {"feedback", r.feedback},
         {"score_policy", r.score_policy},
         {"mutant_set", r.mutant_set},
         {"generated", r.generated},
         {"seed", r.seed},
         {"compile_log", r.compile_log},
         {"validity", r.validity},
         {"wheats", r.wheats},
         {"invalid_tests", r.invalid_tests},
         {"invalid_reasons", r.invalid_reasons},
         {"reach_measured", r.reach_measured},
         {"tests", r.tests},
         {"suite_files", r.suite_files},
         {"oracle_files", r.oracle_files},
         {"mutants", r.mutants},
         {"seconds", r.seconds},
         {"environment", nullptr}};
  if (r.environment) out["environment"] = *r.environment;
}

void from_json(const nlohmann::json& in, GradeResult& r) {
  in.at("suite_name").get_to(r.suite_name);
  in.at("suite_path").get_to(r.suite_path);
  in.at("verdict").get_to(r.verdict);
  in.at("score").get_to(r.score);
  in.at("threshold").get_to(r.threshold);
  in.at("reveal").get_to(r.reveal);
  in.at("feedback").get_to(r.feedback);
  in.at("score_policy").get_to(r.score_policy);
  in.at("mutant_set").get_to(r.mutant_set);
  in.at("generated").get_to(r.generated);
  in.at("seed").get_to(r.seed);
  in.at("compile_log").get_to(r.compile_log);
  in.at("validity").get_to(r.validity);
  in.at("wheats").get_to(r.wheats);
  in.at("invalid_tests").get_to(r.invalid_tests);
  in.at("invalid_reasons").get_to(r.invalid_reasons);
  in.at("reach_measured").get_to(r.reach_measured);
  in.at("tests").get_to(r.tests);
  in.at("suite_files").get_to(r.suite_files);
  in.at("oracle_files").get_to(r.oracle_files);
  in.at("mutants").get_to(r.mutants);
  in.at("seconds").get_to(r.seconds);
  r.environment.reset();
  if (!in.at("environment").is_null()) r.environment = in.at("environment").get<GradeEnvironment>();
}

bool same_grade(const GradeResult& a, const GradeResult& b) {
  return nlohmann::json(a) == nlohmann::json(b);
}

}  // namespace tinyllm::reports
