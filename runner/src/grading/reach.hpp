// Reach: which mutants' code a suite runs at all, from one run on the schema library with
// kRecordReach's token (docs/grading.md, "Reach"; docs/mutants.md). A mutant whose switch was never
// asked is NoCoverage: not run, not detected.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "grading/variant_runs.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// The switches of the schema library: for each number (its index), the variants it stands for.
struct ProbeSites {
  std::vector<std::vector<std::string>> mutants_of_site;
  std::set<std::string> probed;  // every variant with a switch; the others count as always reached
};

ProbeSites probe_sites_of(const VariantRuns& runs);

// For each mutant reached, the tests that reached it ("" for code run outside any test).
using ReachedBy = std::map<std::string, std::set<std::string>>;

// Returns the mutants the record ("<site>\t<test>" lines) shows reached; lines that do not name a
// known site are ignored.
ReachedBy read_probe_record(const ProbeSites& sites, const std::string& record);

// Marks `mutants`: a probed mutant not in `reached` becomes NoCoverage; every other gets
// covered_by, the tests of `reached` that are in `valid_tests` (sorted). Returns how many became
// NoCoverage.
int apply_reach(const ProbeSites& sites, const ReachedBy& reached,
                const std::vector<std::string>& valid_tests,
                std::vector<reports::MutantResult>& mutants);

// The tests each mutant's run needs (docs/grading.md, "Each mutant runs the tests that reach
// it"): its covered_by. A mutant not in the map runs every valid test: it has no probe site, or
// its code also ran outside any test, where what it changes may reach any test.
using NarrowedTests = std::map<std::string, std::vector<std::string>>;

struct ReachFound {
  double probe_seconds = 0;  // 0 when there was no probe run
  NarrowedTests narrowed;    // empty when reach was not measured
};

// `mutants` after apply_reach: the narrowed tests of each that is not NoCoverage.
NarrowedTests narrowed_tests(const ProbeSites& sites, const ReachedBy& reached,
                             const std::vector<reports::MutantResult>& mutants);

inline constexpr const char* kNoCoverageReason = "no test runs its code";

// Runs `probe_run` (the suite on `runs`' reach target, with the mutant runs' arguments); when it
// passes with `expected_tests` and left a record, applies it to result.mutants and sets
// result.reach_measured. Otherwise says why on stderr and leaves the result: every mutant then
// runs every test.
ReachFound measure_reach(const VariantRuns& runs, RunRequest probe_run,
                         const std::vector<std::string>& expected_tests,
                         reports::GradeResult& result);

}  // namespace tinyllm::runner
