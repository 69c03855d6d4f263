// The mutant catalog (mutants/catalog.toml): the pitfall mutants and their sites, and the wheats;
// the one source of both sets that the build, the grader, the reports and the self-check read.
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

// Returns the [[mutant]] entries in file order, validated: each has id (unique, sNN), title,
// symptom, question, concept, caught_by (non-empty), file and function, and no unknown key.
// line_begin and line_end stay 0: locate_sites fills them. Throws CatalogError.
std::vector<MutantInfo> load(const std::filesystem::path& catalog_file);

// Returns the [[operator_family]] entries: each generator operator ("cxx_lt_to_le") mapped to its
// family's kind of change in words, the second rung of a generated mutant's hint ladder. Throws
// CatalogError on an entry without `kind` or `operators`, or an operator in two families.
std::map<std::string, std::string> load_operator_families(
    const std::filesystem::path& catalog_file);

// Fills each mutant's line_begin/line_end from its site in `source_root / file`: the line of the
// marker comment "// sNN: <title>" (the catalog's title, exactly) down to the end of the statement
// after it. Throws CatalogError naming the file when the file or the marker is missing, or the
// marker is repeated, titled differently, or followed by no complete statement.
void locate_sites(std::vector<MutantInfo>& mutants, const std::filesystem::path& source_root);

// Returns the problems (empty when none) of the catalog against the oracle's sources under
// `repository_root`: every mutant's site is found (as locate_sites does) and holds `is_mutant(N)`
// for its own N, and every `is_mutant(N)` in oracle/src lies inside sNN's site.
std::vector<std::string> check_sites(const std::vector<MutantInfo>& mutants,
                                     const std::filesystem::path& repository_root);

// Returns the [[wheat]] entries in file order (none when there is none), validated: each has id
// (unique, wNN), kind ("binary" or "semantic"), title, varies and freedom (an anchor such as
// "error-messages"); a binary wheat has build ("other-compiler" or "O0"), a semantic one none; no
// unknown key. Throws CatalogError naming the file, line and column and what to fix.
std::vector<WheatInfo> load_wheats(const std::filesystem::path& catalog_file);

// Returns the problems of the wheats against the repository: a semantic wheat wNN has one or more
// marker comments "// wNN: <title>" in oracle/src, each followed by a statement that holds
// `is_wheat(N)`, and every `is_wheat(N)` lies inside one of them; a binary wheat has no marker and
// no guard; every wheat's `freedom` is the anchor of a heading of docs/contract-freedoms.md.
std::vector<std::string> check_wheats(const std::vector<WheatInfo>& wheats,
                                      const std::filesystem::path& repository_root);

}  // namespace tinyllm::catalog
