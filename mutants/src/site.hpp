// Finding a variant's site from its marker comment; shared by locate_sites, check_sites and
// check_wheat_sites.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"

namespace tinyllm::catalog::detail {

// A marker comment "// s07: weighting micro-batches 1/k" (or "// w03: ..." for a wheat).
struct Marker {
  int line = 0;            // 1-based
  std::size_t offset = 0;  // of the line's end in the file's text
  std::string text;        // the comment as written, "// s07: weighting micro-batches 1/k"
  std::string title;       // what follows "// s07:", trimmed
};

// Returns every line of `text` that is a marker comment of variant `id` ("s07", "w03"): "// id:"
// after indentation, alone on its line.
std::vector<Marker> markers_of(const std::string& text, const std::string& id);

// Returns the 1-based line of `text` that holds `offset`.
int line_of(const std::string& text, std::size_t offset);

// Fills m.line_begin and m.line_end from `source_root / m.file` (see locate_sites in catalog.hpp).
// Throws CatalogError naming the file and what to fix.
void locate_site(MutantInfo& m, const std::filesystem::path& source_root);

}  // namespace tinyllm::catalog::detail
