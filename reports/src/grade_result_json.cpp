// Lossless JSON for GradeResult, field by field, enums by name so stored grades stay readable.
#include "tinyllm/reports/grade_result_json.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
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

namespace {

// Reads an enum stored by its name; `parse` is the name's parser. Throws std::invalid_argument
// saying "unknown <what> in a stored grade" for any other text.
template <typename Enum>
void read_name(const nlohmann::json& in, Enum& value,
               std::optional<Enum> (*parse)(std::string_view), std::string_view what) {
  const auto parsed = parse(in.get<std::string>());
  if (!parsed) throw std::invalid_argument(fmt::format("unknown {} in a stored grade", what));
  value = *parsed;
}

}  // namespace

void to_json(nlohmann::json& out, const Reveal& reveal) {
  out = reveal_name(reveal);
}
void from_json(const nlohmann::json& in, Reveal& reveal) {
  read_name(in, reveal, parse_reveal, fmt::format("reveal level '{}'", in.get<std::string>()));
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MutantResult, mutant, status, reason, killed_by, seconds,
                                   killed_by_failed_tests, covered_by)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GeneratedCounts, raw, left_out, reviewed, course_undetected,
                                   counted)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TestInfo, name, file, line)

void to_json(nlohmann::json& out, const HintRung& rung) {
  out = hint_rung_name(rung);
}
void from_json(const nlohmann::json& in, HintRung& rung) {
  read_name(in, rung, parse_hint_rung, "hint rung");
}
void to_json(nlohmann::json& out, const View& view) {
  out = view_name(view);
}
void from_json(const nlohmann::json& in, View& view) {
  read_name(in, view, parse_view, "view");
}
void to_json(nlohmann::json& out, const ScorePolicy& policy) {
  out = score_policy_name(policy);
}
void from_json(const nlohmann::json& in, ScorePolicy& policy) {
  read_name(in, policy, parse_score_policy, "score policy");
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Feedback, ladder, attempts_per_rung, attempt, after_deadline,
                                   rung, learner_reveal, view)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ValidityFailure, variant, seed, message, reproduce)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvalidTest, test, failures)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GradeEnvironment, ci, os_platform, os_description, logical_cores)

// Every field but withheld_sources, which only shaping a grade for a reader fills (for_reader),
// and environment, null when empty. In a namespace of its own: the header declares the functions
// below, which the macro's (inline) may not define.
namespace stored {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GradeResult, suite_name, suite_path, verdict, score, threshold,
                                   reveal, feedback, score_policy, mutant_set, generated, seed,
                                   compile_log, validity, wheats, invalid_tests, invalid_reasons,
                                   reach_measured, tests, suite_files, oracle_files, mutants,
                                   seconds)
}  // namespace stored

void to_json(nlohmann::json& out, const GradeResult& result) {
  stored::to_json(out, result);
  out["environment"] = result.environment ? nlohmann::json(*result.environment) : nullptr;
}

void from_json(const nlohmann::json& in, GradeResult& result) {
  stored::from_json(in, result);
  result.environment.reset();
  if (!in.at("environment").is_null())
    result.environment = in.at("environment").get<GradeEnvironment>();
}

bool same_grade(const GradeResult& a, const GradeResult& b) {
  return nlohmann::json(a) == nlohmann::json(b);
}

}  // namespace tinyllm::reports
