// Where a C++ statement ends, read from its text without a compiler: the catalog's sites and the
// workspace's resolved sources (runner/src/workspace/variant_sites.cpp) read it the same way.
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>

namespace tinyllm::catalog::detail {

// Returns the offset one past the end of the first statement at or after offset `from` in
// `source`, skipping blanks and comments before it; nullopt when there is none or it does not end
// (the text ends first, or a bracket closes that it did not open). A statement is a braced block;
// `if [constexpr] (...) statement [else statement]`; `for`, `while` or `switch (...) statement`;
// `do statement while (...);`; or anything else (an expression, a declaration) up to the `;`
// outside all its brackets.
std::optional<std::size_t> statement_end(std::string_view source, std::size_t from);

}  // namespace tinyllm::catalog::detail
