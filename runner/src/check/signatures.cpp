// Reads the signatures from the yardstick file (see signatures.hpp).
#include "check/signatures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "config/errors.hpp"
#include "grading/grade.hpp"
#include "mutant_set/course_suite_results.hpp"
#include "mutant_set/generated_set.hpp"
#include "tinyllm/base/content_hash.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

// Returns the signature a record gives, when it has one.
bool signature_of(const CourseSuiteRecord& record, std::vector<std::string>& tests) {
  const CourseSuiteResult& r = record.result;
  if (r.status != reports::MutantStatus::Killed || !r.killed_by_failed_tests || r.killed_by.empty())
    return false;
  tests = r.killed_by;
  std::sort(tests.begin(), tests.end());
  return true;
}

// Returns why the file cannot be trusted for this build, or "" when it can.
std::string staleness(const CourseSuiteResults& results, const fs::path& build_dir,
                      const fs::path& source_dir) {
  if (results.pitfalls.empty() || results.course_suite_hash.empty())
    return "it was written before the yardstick recorded the pitfalls";
  if (results.course_suite_hash != base::folder_hash(source_dir / "properties"))
    return "the course suite (properties/) changed since";
  if (fs::is_regular_file(generated_manifest_path(build_dir)) &&
      results.manifest_hash != generated_manifest_hash(build_dir))
    return "it was made from another build of the generated mutants";
  // The yardstick's result for a pitfall holds while the library it ran on is unchanged.
  try {
    const VariantRuns runs(build_dir);
    for (const CourseSuiteRecord& r : results.pitfalls)
      if (runs.library_hash(r.id) != r.library_hash)
        return fmt::format("pitfall {} was rebuilt since", r.id);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

Signatures load_signatures(const fs::path& build_dir, const fs::path& source_dir,
                           const std::vector<reports::MutantInfo>& mutants, std::uint64_t seed) {
  Signatures out;
  const auto none = [&](const std::string& why) {
    out.note = "no signatures, so no diagnosis: " + why;
    return out;
  };
  const fs::path path = course_suite_results_path(build_dir);
  const std::string rebuild =
      fmt::format("rebuild: ninja -C {} tinyllm-grader", build_dir.string());
  std::optional<CourseSuiteResults> results;
  try {
    results = read_course_suite_results(build_dir);
  } catch (const UsageError& e) {
    return none(e.what());
  }
  if (!results) return none(fmt::format("{} is missing; {}", path.string(), rebuild));
  if (const std::string why = staleness(*results, build_dir, source_dir); !why.empty())
    return none(fmt::format("{} is stale ({}); {}", path.string(), why, rebuild));
  out.seed = results->seed;
  std::map<std::string, const CourseSuiteRecord*> by_id;
  for (const CourseSuiteRecord& r : results->pitfalls) by_id[r.id] = &r;
  for (const CourseSuiteRecord& r : results->mutants) by_id[r.id] = &r;
  for (const auto kind : {reports::MutantKind::Pitfall, reports::MutantKind::Generated})
    for (const reports::MutantInfo& m : mutants) {
      if (m.kind != kind) continue;
      const auto found = by_id.find(m.id);
      Signature s{m, {}};
      if (found != by_id.end() && signature_of(*found->second, s.failing_tests))
        out.signatures.push_back(std::move(s));
    }
  if (results->seed != seed)
    out.note = fmt::format(
        "the signatures were recorded with seed {}, this check's grading seed is {}: a test whose "
        "failure depends on the seed may make a match look less close",
        results->seed, seed);
  return out;
}

}  // namespace tinyllm::runner
