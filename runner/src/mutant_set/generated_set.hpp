// The generated mutants a grade may count, from the build's manifest (variants/generated.json),
// the yardstick (course_suite_results.hpp) and the instructor's reviews (mutants/reviewed.toml).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mutant_set/course_suite_results.hpp"
#include "mutant_set/reviewed.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct GeneratedEntry {
  reports::MutantInfo info;  // kind Generated, required false; caught_by: the course tests
  std::string build;  // "built" (in the schema library) or "left_out" (the schema cannot hold it)
  std::string left_out_because;
  std::optional<CourseSuiteResult> course;  // built mutants, once the yardstick is read
  std::optional<Review> review;
};

struct GeneratedSet {
  std::vector<GeneratedEntry> mutants;  // the manifest's order: file, then position
  reports::GeneratedCounts counts;
  std::vector<std::string> stale_reviews;  // reviewed ids the generator no longer makes
};

// The build's manifest.
std::filesystem::path generated_manifest_path(const std::filesystem::path& build_dir);

// Returns whether a mutant is counted in a learner's score: built, not reviewed, and detected by
// the course suite.
bool counted(const GeneratedEntry& mutant);

// Returns whether a built mutant is unanswered for: the course suite does not detect it and no
// review in mutants/reviewed.toml says why it need not (selfcheck fails on one).
bool unanswered(const GeneratedEntry& mutant);

// Returns the generated set. Reads the yardstick only when `with_course_suite` (the yardstick
// itself reads the manifest without it; `counted` is then 0). Throws UsageError when a file is
// missing (saying how to build it, and that --mutants pitfalls grades without it) or malformed.
GeneratedSet load_generated_set(const std::filesystem::path& build_dir,
                                const std::filesystem::path& source_dir, bool with_course_suite);

// Returns the content hash of the build's manifest (the yardstick is tied to it).
std::string generated_manifest_hash(const std::filesystem::path& build_dir);

// Returns the counted mutants, in order, as a grade's mutants.
std::vector<reports::MutantInfo> counted_mutants(const GeneratedSet& set);

// Returns the words of a generated mutant's change: "`<` replaced by `<=` (cxx_lt_to_le)".
std::string generated_title(const std::string& original, const std::string& replacement,
                            const std::string& operator_name);

}  // namespace tinyllm::runner
