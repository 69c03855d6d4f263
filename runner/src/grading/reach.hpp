// Reach: which mutants' code a suite runs at all. The reach run is the suite on the schema library
// with kRecordReach's token (docs/mutants.md): the reference, whose every switch records, when
// its code runs, which variant it stands for and in which test. One such run, with the grading
// seed and the arguments the mutants get, says which mutants each test reached. A mutant whose
// switch was never asked is NoCoverage ("no test runs its code"): it is not run, and it is not
// detected. Its switch is asked whenever its changed code would run, so a mutant that a run
// would kill is never NoCoverage.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
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

// Returns the switches of `runs`' schema library.
ProbeSites probe_sites_of(const VariantRuns& runs);

// What a reach run recorded: for each mutant reached, the tests that reached it ("" for code run
// outside any test, e.g. a static initializer).
using ReachedBy = std::map<std::string, std::set<std::string>>;

// Returns the mutants the record ("<site>\t<test>" lines) shows reached; lines that do not name a
// known site are ignored.
ReachedBy read_probe_record(const ProbeSites& sites, const std::string& record);

// Marks `mutants`: a probed mutant not in `reached` becomes NoCoverage with reason "no test runs
// its code"; every other gets covered_by, the tests of `reached` that are in `valid_tests`
// (sorted). Returns how many became NoCoverage.
int apply_reach(const ProbeSites& sites, const ReachedBy& reached,
                const std::vector<std::string>& valid_tests,
                std::vector<reports::MutantResult>& mutants);

// The tests each mutant's run needs (docs/grading.md, "Each mutant runs the tests that reach
// it"): for a probed mutant whose code ran in tests alone, the valid tests that reached it (its
// covered_by). A mutant not in the map runs every valid test: it has no probe site, or its code
// also ran outside any test (a static initializer, a global set-up), where what it changes may
// reach any test.
using NarrowedTests = std::map<std::string, std::vector<std::string>>;

// What reach found for the runs to come: the probe run's seconds (0 when there was none) and
// the narrowed tests (empty when reach was not measured).
struct ReachFound {
  double probe_seconds = 0;
  NarrowedTests narrowed;
};

// `mutants` after apply_reach: the narrowed tests of each that is not NoCoverage.
NarrowedTests narrowed_tests(const ProbeSites& sites, const ReachedBy& reached,
                             const std::vector<reports::MutantResult>& mutants);

// The reason a NoCoverage mutant's result gives.
inline constexpr const char* kNoCoverageReason = "no test runs its code";

// Measures reach for a grade: runs `probe_run` (a RunRequest of the suite on the reach target of
// `runs`, its arguments those of the mutant runs), and when it passes with the tests
// `expected_tests` and left a record, applies it to result.mutants and sets result.reach_measured.
// Otherwise leaves the result as it was and writes why to stderr: every mutant then runs every
// test.
ReachFound measure_reach(const VariantRuns& runs, RunRequest probe_run,
                         const std::vector<std::string>& expected_tests,
                         reports::GradeResult& result);

}  // namespace tinyllm::runner
