// Finding one mutant's site from its marker comment; shared by locate_sites and check_sites.
#pragma once
#include <filesystem>

#include "tinyllm/catalog/mutant_info.hpp"

namespace tinyllm::catalog::detail {

// Fills m.line_begin and m.line_end from `source_root / m.file` (see locate_sites in catalog.hpp).
// Throws CatalogError naming the file and what to fix.
void locate_site(MutantInfo& m, const std::filesystem::path& source_root);

}  // namespace tinyllm::catalog::detail
