// The mutation-testing-report-schema document. Mutants sit at their site in the oracle's source;
// the learner's tests are the schema's testFiles so viewers can say which test killed what.
#include "tinyllm/reports/json_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "tinyllm/reports/reveal.hpp"

#ifndef TINYLLM_REPORTS_VERSION
#define TINYLLM_REPORTS_VERSION "0"
#endif

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

json mutant_entry(const MutantResult& mutant, Reveal reveal, std::string_view source) {
  const MutantInfo& info = mutant.mutant;
  const bool hide = mutant.status == MutantStatus::Survived;
  const std::string title = visible_title(mutant, reveal);
  std::string description =
      hide ? survivor_summary(mutant, reveal)
           : fmt::format("{}: {} (symptom: {})", info.id, info.title, info.symptom);
  json entry = {
      {"id", info.id},
      {"mutatorName", title.empty() ? info.id : fmt::format("{} {}", info.id, title)},
      {"location", site_location(info, source)},
      {"status", to_string(mutant.status)},
      {"statusReason",
       mutant.reason.empty() ? std::string(to_string(mutant.status)) : mutant.reason},
      {"description", description},
      {"replacement", fmt::format("/* {} */", description)},
      {"killedBy", mutant.killed_by},
      {"duration", std::llround(mutant.seconds * 1000.0)},
  };
  return entry;
}

json test_files(const GradeResult& result) {
  json files = json::object();
  std::set<std::string> listed;
  for (const TestInfo& test : result.tests) {
    json& file = files[test.file.empty() ? "(unknown file)" : test.file];
    if (!file.contains("tests")) {
      file["tests"] = json::array();
      const auto source = result.suite_files.find(test.file);
      if (source != result.suite_files.end()) file["source"] = source->second;
    }
    json entry = {{"id", test.name}, {"name", test.name}};
    if (test.line > 0) entry["location"] = {{"start", {{"line", test.line}, {"column", 1}}}};
    file["tests"].push_back(entry);
    listed.insert(test.name);
  }
  // killedBy must name tests that testFiles defines; a killer GoogleTest did not list (a crash
  // reported by name only) still gets an entry.
  std::set<std::string> unlisted;
  for (const MutantResult& mutant : result.mutants) {
    for (const std::string& name : mutant.killed_by) {
      if (!listed.count(name)) unlisted.insert(name);
    }
  }
  for (const std::string& name : unlisted) {
    files["(tests not listed by GoogleTest)"]["tests"].push_back({{"id", name}, {"name", name}});
  }
  return files;
}

json grade_config(const GradeResult& result) {
  json required = json::array();
  for (const MutantResult& mutant : result.mutants) {
    if (mutant.mutant.required) required.push_back(mutant.mutant.id);
  }
  return {{"suite", result.suite_name},  {"verdict", to_string(result.verdict)},
          {"score", result.score},       {"threshold", result.threshold},
          {"seed", result.seed},         {"reveal", reveal_name(result.reveal)},
          {"requiredMutants", required}, {"invalidReasons", result.invalid_reasons}};
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
    const std::string& path = mutant.mutant.file;
    json& file = report["files"][path];
    if (!file.contains("mutants")) {
      file = {{"language", "cpp"},
              {"source", visible_source(result, path)},
              {"mutants", json::array()}};
    }
    file["mutants"].push_back(
        mutant_entry(mutant, result.reveal, file["source"].get_ref<const std::string&>()));
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
