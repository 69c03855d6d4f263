// The variant guards. Each mutant's site is its marker comment `// sNN: <pitfall>` directly
// followed by one statement `if (is_mutant(N)) ...` (or `if (!is_mutant(N)) ...`); whatever state
// or branch the mutant needs lives inside that statement, so the code around it reads as the
// reference. A semantic wheat wN, a correct alternative implementation (mutants/catalog.toml's
// [[wheat]], using one freedom of docs/contract-freedoms.md), has sites of the same form,
// `// wNN: <title>` and `if (is_wheat(N)) ...`, and unlike a mutant may have several.
//
// One guard, compiled two ways (docs/mutants.md):
// - the schema library (mutants/builder defines TINYLLM_SCHEMA_FIRST_WHEAT): every guard asks the
//   run's switch, `::tinyllm_schema::on` of the prelude the builder puts before each module file;
//   pitfall sN is number N there and wheat wN is TINYLLM_SCHEMA_FIRST_WHEAT + N;
// - a library of one variant (cmake -DTINYLLM_VARIANT=sNN or wNN sets TINYLLM_MUTANT or
//   TINYLLM_WHEAT): every guard is a constant, and the compiler drops the branches of the others.
#pragma once

#ifdef TINYLLM_SCHEMA_FIRST_WHEAT
namespace tinyllm::detail {
inline bool is_mutant(int id) {
  return ::tinyllm_schema::on(id);
}
inline bool is_wheat(int id) {
  return ::tinyllm_schema::on(TINYLLM_SCHEMA_FIRST_WHEAT + id);
}
}  // namespace tinyllm::detail
#else
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
#endif
