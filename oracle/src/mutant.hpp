// The variant switch: TINYLLM_MUTANT is 0 for the reference or N for pitfall mutant sN. Each
// mutant's site is its marker comment `// sNN: <pitfall>` directly followed by one statement
// `if constexpr (is_mutant(N)) ...`; whatever state or branch the mutant needs lives inside that
// statement, so the code around it reads as the reference. oracle/CMakeLists.txt finds the files
// to recompile per variant by the call.
#pragma once

#ifndef TINYLLM_MUTANT
#define TINYLLM_MUTANT 0
#endif

namespace tinyllm::detail {
constexpr bool is_mutant(int id) {
  return TINYLLM_MUTANT == id;
}
}  // namespace tinyllm::detail
