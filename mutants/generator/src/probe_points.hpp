// Probe points: where the probe build of the reference may insert a call that records that some
// code ran (docs/mutants.md, "The probe library"). A probe point is the start of a statement that
// sits directly in a block (for a statement under a case, default or goto label: the statement
// after the label's colon), so a call inserted there is valid C++ and runs exactly when that
// statement starts. A mutant's probe point is the one of the innermost such statement holding it:
// whenever the mutated code runs, that statement has started, so the probe has fired.
#pragma once
#include <clang-c/Index.h>

#include <optional>
#include <vector>

#include "clang_helpers.hpp"

namespace tinyllm::generator {

// Returns every statement of the unit's main file that sits directly in a block (labels looked
// through), in no particular order; code produced by a macro is left out (nothing can be inserted
// in it).
std::vector<clang::ByteRange> block_statements(CXTranslationUnit unit);

// Returns the start offset of the innermost statement of `statements` whose extent holds all of
// `range`, or nothing when none does (then the code is treated as always reached).
std::optional<unsigned> probe_offset(const std::vector<clang::ByteRange>& statements,
                                     clang::ByteRange range);

}  // namespace tinyllm::generator
