// The variant switches. TINYLLM_MUTANT is 0 for the reference or N for pitfall mutant sN. Each
// mutant's site is its marker comment `// sNN: <pitfall>` directly followed by one statement
// `if constexpr (is_mutant(N)) ...`; whatever state or branch the mutant needs lives inside that
// statement, so the code around it reads as the reference. TINYLLM_WHEAT is 0 for the reference
// or N for semantic wheat wN, a correct alternative implementation (mutants/catalog.toml's
// [[wheat]], using one freedom of docs/contract-freedoms.md): its sites are marker comments
// `// wNN: <title>` each directly followed by one statement `if constexpr (is_wheat(N)) ...`, and
// unlike a mutant a wheat may have several. oracle/CMakeLists.txt finds the files to recompile
// per variant by the calls.
#pragma once

#ifndef TINYLLM_MUTANT
#define TINYLLM_MUTANT 0
#endif
#ifndef TINYLLM_WHEAT
#define TINYLLM_WHEAT 0
#endif

namespace tinyllm::detail {
constexpr bool is_mutant(int id) {
  return TINYLLM_MUTANT == id;
}
constexpr bool is_wheat(int id) {
  return TINYLLM_WHEAT == id;
}
}  // namespace tinyllm::detail
