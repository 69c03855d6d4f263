// The mutant catalog (mutants/catalog.toml): what each pitfall mutant is and where its guarded
// change sits, and the wheats (correct alternative implementations). The one source of the
// mutant and wheat sets that the build, the grader, the reports and the self-check read.
#pragma once
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"
#include "tinyllm/catalog/wheat_info.hpp"

namespace tinyllm::catalog {

// A catalog that cannot be read, or a site that cannot be found from its marker; what() names the
// file (and line and column where known) and what to fix.
struct CatalogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Returns the mutants of the catalog file in file order, validated: every entry has id, title,
// symptom, caught_by (non-empty), file and function; ids are unique and of the form sNN; an
// unknown key is an error. line_begin and line_end stay 0: locate_sites fills them. The [[wheat]]
// entries are load_wheats's. Throws CatalogError.
std::vector<MutantInfo> load(const std::filesystem::path& catalog_file);

// Reads the [[operator_family]] entries: each generator operator ("cxx_lt_to_le") mapped to its
// family's kind of change in words, the second rung of a generated mutant's hint ladder. Throws
// CatalogError on an entry without `kind` or `operators`, or an operator in two families.
std::map<std::string, std::string> load_operator_families(
    const std::filesystem::path& catalog_file);

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

// Returns the wheats of the catalog file in file order (none when it has no [[wheat]]), validated:
// every entry has id (unique, of the form wNN), kind ("binary" or "semantic"), title, varies and
// freedom (non-empty; freedom an anchor such as "error-messages"); a binary wheat has build
// ("other-compiler" or "O0"), a semantic one none; an unknown key is an error. Throws CatalogError
// naming the file, line and column and what to fix.
std::vector<WheatInfo> load_wheats(const std::filesystem::path& catalog_file);

// Returns the problems (empty when none) found by checking the wheats against the repository
// under `repository_root`: each semantic wheat wNN has at least one site in oracle/src, a marker
// comment "// wNN: <title>" (the catalog's title, exactly) followed by a statement that holds
// `is_wheat(N)` (a wheat may have several sites); every `is_wheat(N)` in oracle/src lies inside a
// site of semantic wheat wNN; a binary wheat has no marker and no guard; and every wheat's
// `freedom` is the anchor of a heading of docs/contract-freedoms.md. Reports every problem.
std::vector<std::string> check_wheats(const std::vector<WheatInfo>& wheats,
                                      const std::filesystem::path& repository_root);

}  // namespace tinyllm::catalog
