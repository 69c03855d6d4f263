// The variant switch: TINYLLM_MUTANT is 0 for the reference or N for pitfall mutant sN. Each
// mutant's site is one guarded change `if constexpr (is_mutant(N))` with a comment naming the
// pitfall; oracle/CMakeLists.txt finds the files to recompile per variant by that call.
#pragma once

#ifndef TINYLLM_MUTANT
#define TINYLLM_MUTANT 0
#endif

namespace tinyllm::detail {
constexpr bool is_mutant(int id) {
  return TINYLLM_MUTANT == id;
}
}  // namespace tinyllm::detail
