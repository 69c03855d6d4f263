// Mutators of builtin operators: arithmetic swaps, relational boundary and negation, logical
// swaps, compound assignment swaps, and removing `!`. Overloaded operators (on Tensor) are calls,
// not builtin operators, and are left alone: the swapped overload may not exist.
#pragma once
#include <clang-c/Index.h>

#include <string>
#include <vector>

#include "site.hpp"

namespace tinyllm::generator {

// Adds the sites of a CXCursor_BinaryOperator (a + b, a < b, a && b, ...).
void add_binary_operator_sites(const SiteSink& sink, CXCursor cursor);

// Adds the sites of a CXCursor_CompoundAssignOperator (a += b, a *= b, ...).
void add_compound_assign_sites(const SiteSink& sink, CXCursor cursor);

// Adds the site of a CXCursor_UnaryOperator that is a logical negation `!x`.
void add_unary_operator_sites(const SiteSink& sink, CXCursor cursor);

// Returns the operator names this file's mutators emit, in a fixed order.
std::vector<std::string> operator_mutator_names();

}  // namespace tinyllm::generator
