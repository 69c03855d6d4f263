// Reads and writes the yardstick file (see course_suite_results.hpp).
#include "mutant_set/course_suite_results.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

reports::MutantStatus status_named(const std::string& name) {
  for (auto s : {reports::MutantStatus::Killed, reports::MutantStatus::Survived,
                 reports::MutantStatus::Timeout, reports::MutantStatus::NoCoverage})
    if (name == reports::to_string(s)) return s;
  throw json::other_error::create(501, "unknown status '" + name + "'", nullptr);
}

CourseSuiteRecord record_of(const json& m) {
  return {m.at("id").get<std::string>(),
          m.at("library").get<std::string>(),
          {status_named(m.at("status").get<std::string>()), m.at("reason").get<std::string>(),
           m.at("killed_by").get<std::vector<std::string>>(), m.value("failed_tests", false)}};
}

json records_json(const std::vector<CourseSuiteRecord>& records) {
  json out = json::array();
  for (const CourseSuiteRecord& m : records)
    out.push_back({{"id", m.id},
                   {"library", m.library_hash},
                   {"status", reports::to_string(m.result.status)},
                   {"reason", m.result.reason},
                   {"killed_by", m.result.killed_by},
                   {"failed_tests", m.result.killed_by_failed_tests}});
  return out;
}

}  // namespace

fs::path course_suite_results_path(const fs::path& build_dir) {
  return build_dir / "variants" / "course-suite.json";
}

std::optional<CourseSuiteResults> read_course_suite_results(const fs::path& build_dir) {
  const fs::path path = course_suite_results_path(build_dir);
  if (!fs::is_regular_file(path)) return std::nullopt;
  try {
    const json doc = json::parse(base::read_whole_file(path));
    CourseSuiteResults results;
    results.manifest_hash = doc.at("manifest").get<std::string>();
    results.suite_hash = doc.at("suite").get<std::string>();
    results.seed = doc.at("seed").get<std::uint64_t>();
    // A file of format 1 (before the pitfalls and the signatures) reads with no pitfalls, and its
    // results as no signatures: the next build rewrites it.
    results.course_suite_hash = doc.value("course_suite", std::string());
    for (const json& m : doc.at("mutants")) results.mutants.push_back(record_of(m));
    if (doc.contains("pitfalls"))
      for (const json& m : doc.at("pitfalls")) results.pitfalls.push_back(record_of(m));
    return results;
  } catch (const json::exception& e) {
    throw UsageError(
        fmt::format("{}: not a file the build wrote ({}); rebuild it: ninja -C {} tinyllm-grader",
                    path.string(), e.what(), build_dir.string()));
  }
}

void write_course_suite_results(const fs::path& build_dir, const CourseSuiteResults& results) {
  const json doc = {{"format", 2},
                    {"manifest", results.manifest_hash},
                    {"suite", results.suite_hash},
                    {"course_suite", results.course_suite_hash},
                    {"seed", results.seed},
                    {"mutants", records_json(results.mutants)},
                    {"pitfalls", records_json(results.pitfalls)}};
  const fs::path path = course_suite_results_path(build_dir);
  const fs::path partial = path.string() + ".partial";
  base::write_whole_file(partial, doc.dump(1) + "\n");
  fs::rename(partial, path);
}

}  // namespace tinyllm::runner
