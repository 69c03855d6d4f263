// The mutant catalog (mutants/catalog.toml): the one description of every pitfall mutant and every
// wheat, read by the grader, the self-check and the reports.
#pragma once
#include <filesystem>
#include <map>
#include <vector>

#include "config/config.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// Returns the catalog's mutants in file order, read by the catalog library (mutants/), each with
// its site's lines found from its marker comment in the sources under `source_dir`. Throws
// UsageError (with file, line and column where known) when an entry lacks a key, has a wrong
// type, repeats an id or has one not of the form sNN, or when a site file or its marker is
// missing, repeated or titled differently. (That a variant library exists for every id is checked
// when grading starts.)
std::vector<reports::MutantInfo> load_catalog(const std::filesystem::path& path,
                                              const std::filesystem::path& source_dir);

// Returns the catalog's wheats (its [[wheat]] entries) in file order. Throws UsageError (with
// file, line and column) when an entry is malformed, as the catalog library checks it.
std::vector<reports::WheatInfo> load_wheats(const std::filesystem::path& path);

// Returns each generator operator's kind of change in words (the catalog's [[operator_family]]
// entries); throws UsageError on a malformed entry.
std::map<std::string, std::string> load_operator_families(const std::filesystem::path& path);

// Marks each mutant required or not, as the configuration says. Throws UsageError at the
// configuration's position for an id the catalog does not have.
void apply_required(const Config& config, std::vector<reports::MutantInfo>& mutants);

}  // namespace tinyllm::runner
