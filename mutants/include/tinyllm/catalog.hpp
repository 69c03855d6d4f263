// The mutant catalog (mutants/catalog.toml): what each pitfall mutant is and where its guarded
// change sits. The one source of the mutant set that the build, the grader, the reports and the
// self-check read.
#pragma once
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"

namespace tinyllm::catalog {

// A catalog that cannot be read, or a site that cannot be found from its marker; what() names the
// file (and line and column where known) and what to fix.
struct CatalogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns the mutants of the catalog file in file order, validated: every entry has id, title,
// symptom, caught_by (non-empty), file and function; ids are unique and of the form sNN; an
// unknown key is an error. line_begin and line_end stay 0: locate_sites fills them.
// Throws CatalogError.
std::vector<MutantInfo> load(const std::filesystem::path& catalog_file);

// Fills each mutant's line_begin/line_end from its site in `source_root / file`: the one line
// holding the marker comment "// sNN: <title>" (the catalog's title, exactly) down to the end of
// the statement that follows it (a braced block, `if constexpr (...) stmt;` with its else, or a
// declaration up to its `;`). Throws CatalogError naming the file when the site file is missing, or
// the marker is missing, repeated, titled differently, or followed by no complete statement.
void locate_sites(std::vector<MutantInfo>& mutants, const std::filesystem::path& source_root);

// Returns the problems (empty when none) found by checking the catalog against the oracle's
// sources under `repository_root`: every mutant's site is found by its marker (as locate_sites
// does), holds `is_mutant(N)` for its own N, and every `is_mutant(N)` in oracle/src lies inside
// mutant sNN's site. Reports every problem rather than stopping at the first.
std::vector<std::string> check_sites(const std::vector<MutantInfo>& mutants,
                                     const std::filesystem::path& repository_root);

}  // namespace tinyllm::catalog
