// What the fixture files share besides the public fixtures: the base grade every fixture starts
// from and the reproduce command of an invalid test's failure.
#pragma once
#include <cstdint>
#include <string>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports::fixtures {

// Returns a grade with the suite, seed, wheats, tests and oracle source every fixture shares.
GradeResult base();

// Returns the shell command that reruns `test` on `variant` with `seed`, as the grader writes it.
std::string reproduce(const char* variant, std::uint64_t seed, const char* test);

}  // namespace tinyllm::reports::fixtures
