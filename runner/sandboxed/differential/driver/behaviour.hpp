// The behavioural diagnosis, the driver's side (docs/differential-check.md): the learner's module
// and every known mutant on the same fixed sample of each area's cases.
//
// A mutant's *behaviour* is its shim's response to each case where it differs from the reference's
// (text for text). A mutant *explains* an area when the learner differs from the reference on some
// of its cases and the mutant's response equals the learner's (first_difference, with the
// tolerance of '~' labels) on every one of them. Its *conflicts* are the cases where the learner
// agrees with the reference and the mutant does not: a mutant that explains an area and has none
// in any area behaves exactly like the learner's module on every case tried.
#pragma once
#include <cstdint>
#include <string>

#include "property.hpp"

namespace tinyllm_diff {

inline constexpr std::uint64_t kBehaviourSeed = 20261201;
inline constexpr int kBehaviourCases = 100;

// Returns case `index` of `area`'s fixed sample.
Case sample_case(const Area& area, int index);

// Writes the learner shim's behaviour on the fixed sample to `file` as mutant `id`'s. Throws
// std::runtime_error when the file cannot be written.
void record_behaviour(const std::string& file, const std::string& id);

// Registers one GoogleTest test per area, Behaviour.<area> in the areas' order, to be run alone
// (--gtest_filter=Behaviour.*: the module then meets the sample's calls in the order the mutants
// did, in a fresh process). Each runs the learner and the reference on its area's sample, compares
// the learner with every mutant of `behaviours_file` there, and records the result as properties
// of its own test: "cases", "differing" (cases where the learner differs from the reference),
// "mutants" (how many were compared) and "matches" (JSON: [{"id", "explains", "conflicts"}], the
// mutants that explain the area or conflict in it). An area whose test crashes or hangs is left out
// of the next run by the grader, and the others are judged without it. A file name without a
// folder is looked for on LD_LIBRARY_PATH, where the sandbox puts it beside the shims. Throws
// std::runtime_error when the file is missing or was recorded with another sample.
void register_behaviour_tests(const std::string& behaviours_file);

}  // namespace tinyllm_diff
