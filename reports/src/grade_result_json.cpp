// Lossless JSON for GradeResult, field by field, enums by name so stored grades stay readable.
#include "tinyllm/reports/grade_result_json.hpp"

#include <string>

#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::catalog {
// In MutantInfo's own namespace, where nlohmann's argument-dependent lookup finds it.
NLOHMANN_JSON_SERIALIZE_ENUM(MutantKind, {{MutantKind::Pitfall, "pitfall"},
                                          {MutantKind::Generated, "generated"}})

void to_json(nlohmann::json& out, const MutantInfo& m) {
  out = {{"kind", m.kind},
         {"id", m.id},
         {"title", m.title},
         {"symptom", m.symptom},
         {"caught_by", m.caught_by},
         {"file", m.file},
         {"function", m.function},
         {"line_begin", m.line_begin},
         {"line_end", m.line_end},
         {"column_begin", m.column_begin},
         {"column_end", m.column_end},
         {"operator_name", m.operator_name},
         {"original", m.original},
         {"replacement", m.replacement},
         {"required", m.required}};
}

// The fields a pitfall always had are required; those generated mutants brought (kind, columns,
// operator, texts) came later: a grade stored before them reads back as a pitfall without them.
void from_json(const nlohmann::json& in, MutantInfo& m) {
  in.at("id").get_to(m.id);
  in.at("title").get_to(m.title);
  in.at("symptom").get_to(m.symptom);
  in.at("caught_by").get_to(m.caught_by);
  in.at("file").get_to(m.file);
  in.at("function").get_to(m.function);
  in.at("line_begin").get_to(m.line_begin);
  in.at("line_end").get_to(m.line_end);
  in.at("required").get_to(m.required);
  m.kind = in.value("kind", MutantKind::Pitfall);
  m.column_begin = in.value("column_begin", 0);
  m.column_end = in.value("column_end", 0);
  m.operator_name = in.value("operator_name", std::string());
  m.original = in.value("original", std::string());
  m.replacement = in.value("replacement", std::string());
}
}  // namespace tinyllm::catalog

namespace tinyllm::reports {

NLOHMANN_JSON_SERIALIZE_ENUM(MutantStatus, {{MutantStatus::Killed, "Killed"},
                                            {MutantStatus::Survived, "Survived"},
                                            {MutantStatus::Timeout, "Timeout"}})
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
  const auto parsed = parse_reveal(name == "symptom" ? "title_and_symptom" : name);
  if (!parsed) throw std::invalid_argument("unknown reveal level '" + name + "' in a stored grade");
  reveal = *parsed;
}
// killed_by_failed_tests came later: a stored grade without it reads back as false.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MutantResult, mutant, status, reason, killed_by,
                                                seconds, killed_by_failed_tests)
// A grade stored before generated mutants existed has no counts: all zero.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GeneratedCounts, raw, equivalent, duplicate,
                                                reviewed, course_undetected, counted)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TestInfo, name, file, line)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ReferenceFailure, test, seed, message, reproduce)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GradeEnvironment, ci, os_platform, os_description, logical_cores)

void to_json(nlohmann::json& out, const GradeResult& r) {
  out = {{"suite_name", r.suite_name},
         {"suite_path", r.suite_path},
         {"verdict", r.verdict},
         {"score", r.score},
         {"threshold", r.threshold},
         {"reveal", r.reveal},
         {"mutant_set", r.mutant_set},
         {"generated", r.generated},
         {"seed", r.seed},
         {"compile_log", r.compile_log},
         {"reference_failures", reference_failures(r)},
         {"invalid_reasons", r.invalid_reasons},
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
  // Grades stored before generated mutants existed graded the pitfalls alone.
  r.mutant_set = in.value("mutant_set", MutantSet::PitfallsOnly);
  r.generated = in.value("generated", GeneratedCounts{});
  in.at("seed").get_to(r.seed);
  in.at("compile_log").get_to(r.compile_log);
  for (const ReferenceFailure& f : in.at("reference_failures").get<std::vector<ReferenceFailure>>())
    r.invalid_tests.push_back({f.test, {{"reference", f.seed, f.message, f.reproduce}}});
  in.at("invalid_reasons").get_to(r.invalid_reasons);
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
