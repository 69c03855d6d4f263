// Mutators of statements: removing a call that is a whole statement (`f(x);` -> `;`), returning
// a default value (`return e;` -> `return {};` in a function returning bool or a number), and
// forcing an if/while condition to `true` or `false`.
#pragma once
#include <clang-c/Index.h>

#include <optional>
#include <string>
#include <vector>

#include "site.hpp"

namespace tinyllm::generator {

// The parts of an if or while statement: its condition expression when the parentheses hold one
// plain expression (not a declaration nor an init-statement), and the statements after them.
struct ConditionalParts {
  bool is_constexpr = false;
  std::optional<CXCursor> condition;
  std::vector<CXCursor> branches;  // if: then [, else]; while: body
  std::string condition_text;      // the tokens inside the parentheses, joined by spaces
};

// Returns the parts of a CXCursor_IfStmt or CXCursor_WhileStmt.
ConditionalParts conditional_parts(CXTranslationUnit unit, CXCursor statement);

// Adds the removal of `statement` (a direct child of a block) when it is a call expression.
void add_call_statement_sites(const SiteSink& sink, CXCursor statement);

// Adds `return {};` for a CXCursor_ReturnStmt when `returns_arithmetic` (the enclosing function
// returns bool or a number, declared without `auto`).
void add_return_default_sites(const SiteSink& sink, CXCursor statement, bool returns_arithmetic);

// Adds `true` and `false` for the condition of an if or while statement.
void add_condition_sites(const SiteSink& sink, const ConditionalParts& parts);

// Returns the operator names this file's mutators emit, in a fixed order.
std::vector<std::string> statement_mutator_names();

}  // namespace tinyllm::generator
