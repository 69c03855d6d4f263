// Mutators of numeric constants: an integer or floating literal becomes 0, 1, c+1, c-1, and a
// power of two is also halved and doubled. A replacement equal to the constant or to an earlier
// replacement is dropped, so each literal gives distinct values.
#pragma once
#include <clang-c/Index.h>

#include <string>
#include <utility>
#include <vector>

#include "site.hpp"

namespace tinyllm::generator {

// Returns (operator name, replacement text) for a literal spelled `text`, in a fixed order;
// nothing when the spelling is not understood (hex floats, user-defined literals).
std::vector<std::pair<std::string, std::string>> literal_replacements(const std::string& text,
                                                                      bool floating);

// Adds the sites of a CXCursor_IntegerLiteral or CXCursor_FloatingLiteral.
void add_literal_sites(const SiteSink& sink, CXCursor cursor);

// Returns the operator names this file's mutators emit, in a fixed order.
std::vector<std::string> literal_mutator_names();

}  // namespace tinyllm::generator
