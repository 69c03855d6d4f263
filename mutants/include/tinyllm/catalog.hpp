// The mutant catalog (mutants/catalog.toml): what each pitfall mutant is and where its guarded
// change sits. The one source that the grader, the reports and the self-check read.
#pragma once
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::catalog {

// A catalog that cannot be read or does not describe s01..s24; what() names the file, line and
// column where that is known, and what to fix.
struct CatalogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns the mutants of the catalog file in file order, validated: every entry has id, title,
// symptom, caught_by (non-empty), file, function and lines = [begin, end] with 1 <= begin <= end;
// ids are unique; an unknown key is an error. Throws CatalogError.
std::vector<reports::MutantInfo> load(const std::filesystem::path& catalog_file);

// Returns the problems (empty when none) found by checking the catalog against the oracle's
// sources under `repository_root`: each site's file exists, its first line is the comment
// "// sNN: <title>", and every `is_mutant(N)` in oracle/src lies inside mutant sNN's line range.
std::vector<std::string> check_sites(const std::vector<reports::MutantInfo>& mutants,
                                     const std::filesystem::path& repository_root);

}  // namespace tinyllm::catalog
