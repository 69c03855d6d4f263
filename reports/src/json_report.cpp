// The mutation-testing-report-schema document. Mutants sit at their site in the oracle's source;
// the learner's tests are the schema's testFiles so viewers can say which test killed what.
#include "tinyllm/reports/json_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

// Returns line `number` (1-based) of `source`, or "" past its end.
std::string_view source_line(std::string_view source, int number) {
  for (int line = 1; line < number; ++line) {
    const std::size_t end = source.find('\n');
    if (end == std::string_view::npos) return "";
    source.remove_prefix(end + 1);
  }
  return source.substr(0, source.find('\n'));
}

// The schema's location is 1-based with an exclusive end: from the first non-blank character of
// the first line to just past the last character of the last line, so viewers mark whole lines.
json site_location(const MutantInfo& info, std::string_view source) {
  const int first = std::max(1, info.line_begin);
  const int last = std::max(first, info.line_end);
  const std::string_view first_text = source_line(source, first);
  const std::size_t indent = first_text.find_first_not_of(" \t");
  const int start_column = indent == std::string_view::npos ? 1 : static_cast<int>(indent) + 1;
  const int end_column = static_cast<int>(source_line(source, last).size()) + 1;
  return {{"start", {{"line", first}, {"column", start_column}}},
          {"end", {{"line", last}, {"column", std::max(end_column, start_column + 1)}}}};
}

// Where generated survivors go when the policy reveals nothing: not their file (its path and their
// line would say where they are) but this stand-in file, each on its one line.
constexpr const char* kWithheldFile = "withheld generated mutants";
constexpr const char* kWithheldSource =
    "// The grading policy reveals nothing about the generated mutants that survived.\n";

// The replaced text's exact span, as the generator located it; the whole lines when it did not.
json generated_location(const MutantInfo& info, std::string_view source) {
  if (info.column_begin < 1 || info.column_end < 1) return site_location(info, source);
  return {
      {"start", {{"line", info.line_begin}, {"column", info.column_begin}}},
      {"end", {{"line", std::max(info.line_begin, info.line_end)}, {"column", info.column_end}}}};
}

// A mutant at its site; a generated one as the ecosystem shows one: at its span, named by its
// operator, with its replacement text (the viewer draws the mutated line from it). A survivor shows
// what its `shown` level holds: with Reveal::Title its lines and operator, the replacement a
// comment that says so; with Reveal::Nothing see kWithheldFile.
// When the file's source is withheld (a stand-in of comment lines), the mutant marks whole
// stand-in lines and its replacement is a description: the real span would not fit.
json mutant_entry(const MutantResult& mutant, std::string_view source, bool source_withheld) {
  const MutantInfo& info = mutant.mutant;
  const bool generated = is_generated(info);
  const bool whole = generated && mutant.shown == Reveal::TitleAndSymptom && !source_withheld;
  std::string description = survivor_summary(mutant);  // Survived or NoCoverage
  if (detected(mutant.status)) {
    description = generated
                      ? generated_description(info)
                      : fmt::format("{}: {} (symptom: {})", info.id, info.title, info.symptom);
  }
  json entry = {
      {"id", info.id},
      {"location", whole ? generated_location(info, source) : site_location(info, source)},
      {"status", to_string(mutant.status)},
      {"statusReason",
       mutant.reason.empty() ? std::string(to_string(mutant.status)) : mutant.reason},
      {"description", description},
      {"replacement", whole ? info.replacement : fmt::format("/* {} */", description)},
      {"killedBy", mutant.killed_by},
      {"duration", std::llround(mutant.seconds * 1000.0)},
  };
  if (!generated) {
    const std::string title = visible_title(mutant);
    entry["mutatorName"] = title.empty() ? info.id : fmt::format("{} {}", info.id, title);
  } else if (mutant.shown == Reveal::Nothing) {
    // A survivor shown with Reveal::Nothing sits in kWithheldFile's one line.
    entry["mutatorName"] = "generated";
    entry["location"] = {{"start", {{"line", 1}, {"column", 1}}},
                         {"end", {{"line", 1}, {"column", 3}}}};
  } else {
    entry["mutatorName"] = info.operator_name;
  }
  return entry;
}

// The schema's coveredBy, when reach was measured: for a mutant shown from Reveal::Title on (with
// Reveal::Nothing, the tests that run a survivor's code would point at where it is).
bool shows_covered_by(const GradeResult& result, const MutantResult& mutant) {
  return result.reach_measured && mutant.shown != Reveal::Nothing;
}

json test_files(const GradeResult& result) {
  std::set<std::string> invalid;
  for (const InvalidTest& test : result.invalid_tests) invalid.insert(test.test);
  json files = json::object();
  std::set<std::string> listed;
  for (const TestInfo& test : result.tests) {
    json& file = files[test.file.empty() ? "(unknown file)" : test.file];
    if (!file.contains("tests")) {
      file["tests"] = json::array();
      const auto source = result.suite_files.find(test.file);
      if (source != result.suite_files.end()) file["source"] = source->second;
    }
    // The viewer lists tests by name: an invalid one says it was not graded.
    json entry = {
        {"id", test.name},
        {"name", invalid.count(test.name) ? test.name + " (invalid: not graded)" : test.name}};
    if (test.line > 0) entry["location"] = {{"start", {{"line", test.line}, {"column", 1}}}};
    file["tests"].push_back(entry);
    listed.insert(test.name);
  }
  // killedBy and coveredBy must name tests that testFiles defines; a killer GoogleTest did not
  // list (a crash reported by name only) still gets an entry.
  std::set<std::string> named;
  for (const MutantResult& mutant : result.mutants) {
    named.insert(mutant.killed_by.begin(), mutant.killed_by.end());
    if (shows_covered_by(result, mutant))
      named.insert(mutant.covered_by.begin(), mutant.covered_by.end());
  }
  for (const std::string& name : named) {
    if (listed.contains(name)) continue;
    files["(tests not listed by GoogleTest)"]["tests"].push_back({{"id", name}, {"name", name}});
  }
  return files;
}

// The wheats a valid test passed on: id and kind always; the title where the reader may see it
// (a binary wheat's always: it names a build, not a behaviour).
json wheats_config(const GradeResult& result) {
  json wheats = json::array();
  for (const WheatInfo& wheat : result.wheats) {
    json entry = {{"id", wheat.id}, {"kind", catalog::to_string(wheat.kind)}};
    if (!wheat.title.empty()) entry["title"] = wheat.title;
    wheats.push_back(entry);
  }
  return wheats;
}

json invalid_tests_config(const GradeResult& result) {
  json tests = json::array();
  for (const InvalidTest& test : result.invalid_tests) {
    json failures = json::array();
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      json entry = {{"variant", failure.variant},
                    {"seed", failure.seed},
                    {"where", shown.where},
                    {"reproduce", shown.reproduce}};
      if (!shown.why_allowed.empty()) entry["whyAllowed"] = shown.why_allowed;
      if (!shown.message.empty()) entry["message"] = shown.message;
      failures.push_back(entry);
    }
    tests.push_back({{"test", test.test}, {"failures", failures}});
  }
  return tests;
}

// The schema's config is free-form: the grade's settings, the set graded and what became of the
// generated mutants, the validity check and what reach found.
json grade_config(const GradeResult& result) {
  json required = json::array();
  int pitfalls = 0;
  for (const MutantResult& mutant : result.mutants) {
    if (mutant.mutant.required) required.push_back(mutant.mutant.id);
    pitfalls += is_generated(mutant.mutant) ? 0 : 1;
  }
  const GeneratedCounts& counts = result.generated;
  return {{"suite", result.suite_name},
          {"verdict", to_string(result.verdict)},
          {"score", result.score},
          {"threshold", result.threshold},
          {"seed", result.seed},
          {"reveal", reveal_name(result.reveal)},
          {"feedback",
           {{"view", view_name(result.feedback.view)},
            {"ladder", result.feedback.ladder},
            {"attemptsPerRung", result.feedback.attempts_per_rung},
            {"attempt", result.feedback.attempt},
            {"afterDeadline", result.feedback.after_deadline},
            {"hintRung", hint_rung_name(result.feedback.rung)},
            {"learnerReveal", reveal_name(learner_reveal(result))},
            {"summary", feedback_line(result)}}},
          {"mutantSet", to_string(result.mutant_set)},
          {"gradedSet", detail::graded_set(result)},
          {"pitfalls", pitfalls},
          {"generated",
           {{"raw", counts.raw},
            {"leftOut", counts.left_out},
            {"reviewed", counts.reviewed},
            {"courseUndetected", counts.course_undetected},
            {"counted", counts.counted}}},
          {"requiredMutants", required},
          {"invalidReasons", result.invalid_reasons},
          {"validity", to_string(result.validity)},
          {"validitySummary", validity_line(result)},
          {"wheats", wheats_config(result)},
          {"invalidTestCount", result.invalid_tests.size()},
          {"invalidTests", invalid_tests_config(result)},
          {"reachMeasured", result.reach_measured},
          {"testsReachingWithoutDetecting", tests_reaching_without_detecting(result)}};
}

}  // namespace

json mutation_report_json(const GradeResult& result) {
  const int threshold_percent = static_cast<int>(std::lround(result.threshold * 100.0));
  json report = {
      {"schemaVersion", "2"},
      // One boundary: below the grading threshold is failing, so both bounds sit on it.
      {"thresholds", {{"high", threshold_percent}, {"low", threshold_percent}}},
      {"framework", {{"name", "tinyllm-grade"}, {"version", TINYLLM_REPORTS_VERSION}}},
      {"config", grade_config(result)},
      {"files", json::object()},
      {"testFiles", test_files(result)},
  };
  for (const MutantResult& mutant : result.mutants) {
    const bool withheld = is_generated(mutant.mutant) && mutant.shown == Reveal::Nothing;
    const std::string path = withheld ? kWithheldFile : mutant.mutant.file;
    json& file = report["files"][path];
    const auto source = result.oracle_files.find(path);
    if (!file.contains("mutants")) {
      file = {{"language", "cpp"},
              {"source", withheld                              ? kWithheldSource
                         : source == result.oracle_files.end() ? ""
                                                               : source->second},
              {"mutants", json::array()}};
    }
    const bool source_withheld =
        source == result.oracle_files.end() || result.withheld_sources.contains(path);
    json entry =
        mutant_entry(mutant, file["source"].get_ref<const std::string&>(), source_withheld);
    // The hints the learner's attempt earned, after what the policy shows (a viewer shows it).
    for (const std::string& hint : mutant.hints) {
      entry["description"] = entry["description"].get<std::string>() + "\nHint: " + hint;
    }
    if (shows_covered_by(result, mutant)) entry["coveredBy"] = mutant.covered_by;
    file["mutants"].push_back(std::move(entry));
  }
  if (result.environment) {
    const GradeEnvironment& environment = *result.environment;
    json system = {{"ci", environment.ci}};
    if (!environment.os_platform.empty()) {
      system["os"] = {{"platform", environment.os_platform}};
      if (!environment.os_description.empty()) {
        system["os"]["description"] = environment.os_description;
      }
    }
    if (environment.logical_cores > 0) {
      system["cpu"] = {{"logicalCores", environment.logical_cores}};
    }
    report["system"] = system;
  }
  return report;
}

std::string render_json_report(const GradeResult& result) {
  return mutation_report_json(result).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace tinyllm::reports
