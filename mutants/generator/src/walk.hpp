// Walks the function bodies of a parsed file and asks the mutators for their sites. The walk
// decides where mutation is allowed; the mutators decide what each cursor gives.
#pragma once
#include <clang-c/Index.h>

#include <vector>

#include "site.hpp"

namespace tinyllm::generator {

// Returns the sites of every function defined in the unit's main file, in walk order.
std::vector<Site> collect_sites(CXTranslationUnit unit);

}  // namespace tinyllm::generator
