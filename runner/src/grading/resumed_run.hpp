// A run of a GoogleTest program that one test cannot end for the others: when a run crashes, times
// out or hits a limit during a test, the program runs again in a fresh process without the tests
// that ended runs so far, until a run ends on its own.
#pragma once
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "grading/run_outcome.hpp"
#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

// One process of a resumed run.
struct RunPiece {
  SandboxRun run;
  std::vector<std::string> expected;  // what it had to list (sorted; empty: any complete listing)
  RunOutcome outcome;                 // classify_run's, expecting `expected`
};

struct ResumedRun {
  // The processes in order. Every piece but the last was ended by the test of the same index in
  // `enders`; the last ended on its own, or early with no test to blame: none was running, the
  // one running had finished (a crash in a global destructor), or it was already left out (a
  // program that ignores its filter).
  std::vector<RunPiece> pieces;
  std::vector<std::string> enders;

  const RunPiece& last() const { return pieces.back(); }
  double seconds() const;  // every piece's wall time
};

// Runs a program with `run(arguments)` until a run ends on its own. The first run leaves out
// `excluded`, each later one also the tests that ended runs before it. `expected` (sorted; empty:
// any complete listing) is what the first run must list, less the tests left out since for a later
// run. Throws what `run` throws.
ResumedRun run_resuming(const std::set<std::string>& excluded,
                        const std::vector<std::string>& expected,
                        const std::function<SandboxRun(const std::vector<std::string>&)>& run);

// A run's time limit when its program is untrusted and slow is not a verdict: the reference's time
// on the same program times timeout.factor, plus timeout.constant_seconds (as a mutant's run).
struct ScaledTimeout {
  double seconds = 0;            // the limit
  double reference_seconds = 0;  // the reference's time it was made from
};

// Returns how a run ended during a test, without naming it: "crashed with SIGSEGV", or "did not
// finish within 5.2 s (<reference_words> 0.14 s)".
std::string ending_during(const RunOutcome& outcome, const ResourceLimits& limits,
                          const ScaledTimeout& timeout, const std::string& reference_words);

// Returns the tests that ended `run` by timing out: a caller that runs the same tests again
// (another seed, another variant) leaves them out rather than wait each out once more.
std::set<std::string> timed_out_tests(const ResumedRun& run);

// Returns whether a run with this outcome ended before its tests did (crashed, timed out, stopped
// at a limit, exited without its complete result).
bool ended_early(RunOutcomeKind kind);

// Returns the tests a run's output shows finished, each with whether it passed: GoogleTest's
// "[       OK ] A.b (3 ms)" and "[  FAILED  ] A.b (3 ms)" lines.
std::map<std::string, bool> finished_in_output(const std::string& output);

// Returns {"--gtest_filter=-A.b:C.d"} for `excluded`, no argument at all when it is empty.
std::vector<std::string> exclusion_arguments(const std::set<std::string>& excluded);

}  // namespace tinyllm::runner
