// The mutant catalog (mutants/catalog.toml): the one description of every pitfall mutant, read by
// the grader, the self-check and the reports.
#pragma once
#include <filesystem>
#include <vector>

#include "config.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// Returns the catalog's mutants in file order, read by the catalog library (mutants/). Throws
// UsageError (with file, line and column where known) when an entry lacks a key, has a wrong
// type, repeats an id, names an id outside s01..s24, or points at a site file that does not exist
// under `source_dir`.
std::vector<reports::MutantInfo> load_catalog(const std::filesystem::path& path,
                                              const std::filesystem::path& source_dir);

// Marks each mutant required or not, as the configuration says. Throws UsageError at the
// configuration's position for an id the catalog does not have.
void apply_required(const Config& config, std::vector<reports::MutantInfo>& mutants);

}  // namespace tinyllm::runner
