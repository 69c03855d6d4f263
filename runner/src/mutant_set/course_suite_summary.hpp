// The course suite's own score over the generated mutants, per file and operator, and the mutants
// it misses: what an instructor reads to improve the course suite (selfcheck, yardstick, list).
#pragma once
#include <ostream>

#include "mutant_set/generated_set.hpp"

namespace tinyllm::runner {

// Writes the table of built generated mutants per file and operator with how many the course suite
// detects, its score over them, the counts of the set (raw, left out, reviewed, undetected,
// counted), and, when `list_missed`, every built mutant it misses (id, file:line,
// change); reviews of mutants the generator no longer makes are named as stale.
void write_course_suite_summary(const GeneratedSet& set, bool list_missed, std::ostream& out);

}  // namespace tinyllm::runner
