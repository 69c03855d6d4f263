// The fingerprint of what decides a grade besides the suite's own files. A batch stores it with
// each grade and reuses a stored grade only when it is unchanged (the suite's files have their own
// content hash), so a new policy, catalog, compiler or rebuilt oracle regrades the class.
#pragma once
#include <string>

#include "grading/grading_context.hpp"

namespace tinyllm::runner {

// Returns 16 hex digits over: the configuration (every field of Config as JSON, except those that
// only say how many runs go at once and where files are), the isolation the machine gives, the
// catalog file's bytes, the toolchain (compiler, flags, libraries) and the bytes of the reference
// and every variant library. Reads each library once: call it once per batch. Throws UsageError
// when a library is missing (the oracle was not built).
std::string grading_fingerprint(const GradingContext& ctx);

}  // namespace tinyllm::runner
