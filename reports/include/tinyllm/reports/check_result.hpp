// The result of `tinyllm-grade check` on a learner's workspace: the learner's module checked
// against the oracle (the course suite on it, the differential check against the reference, the
// diagnosis of its failures), then the workspace's own tests graded by mutation. The runner fills
// it; reports/ renders it (terminal, JSON). Plain data.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// One course test (properties/) on the learner's module, over every seed it ran with.
struct CourseTestOutcome {
  std::string test;                         // "Course.cast_rounds_both_directions"
  bool passed = true;                       // passed with every seed
  std::vector<std::uint64_t> failed_seeds;  // the seeds it failed with, grading seed first
  std::string message;                      // GoogleTest's failure text, of the first failing seed
  std::string reproduce;                    // a command that reruns it on the learner's module
  // How the run ended during it with the first failing seed, when it did not fail an assertion:
  // "crashed with SIGSEGV", "did not finish within 5.3 s (...)". The other tests ran again
  // without it.
  std::string ending = {};
};

// How one run of a suite on the learner's module ended, when it did not end normally: a crash, a
// timeout, too much output, a fork bomb. Empty when every run ended normally.
struct RunProblem {
  std::string what;    // "the course suite with seed 1", "the differential check"
  std::string ending;  // "crashed with SIGSEGV during Course.x", "timed out after 60 s"
};

// One property of the differential check: the same calls on the learner's module and on the
// reference, on generated inputs, compared bit for bit where the contract makes the result exact
// and to its tolerance where it does not.
struct DifferentialCheck {
  std::string name;   // "cast", "autocast_matmul", "loss_scaler", ...: the contract function
  bool exact = true;  // compared bit for bit (else to the contract's tolerance)
  bool passed = true;
  int cases = 0;  // generated cases it ran (when it passed: all of them)
  // On a difference: the smallest counterexample RapidCheck found, in words: "cast of 1.00390625
  // to bf16: yours 1.0078125, reference 1.0".
  std::string counterexample;
  // When the learner's module crashed or hung in this area: how ("crashed with SIGSEGV", "did not
  // finish within 6.5 s (the reference takes 1.01 s)") and the call it ended on, in words (empty
  // when none had been made). Then passed is false and nothing was compared.
  std::string ending = {}, call = {};
};

// How well the learner's failing course tests match one known mutant's signature (the tests that
// fail on it, from the course suite's kill matrix).
struct DiagnosisMatch {
  MutantInfo mutant;                 // a pitfall, or a generated mutant (kind Generated)
  double closeness = 0;              // 0..1: 1 when the failing tests are exactly the signature
  std::vector<std::string> shared;   // failing on both
  std::vector<std::string> missing;  // in the signature, but passing on the learner's module
  std::vector<std::string> extra;    // failing on the learner's module, not in the signature
  std::string read_test;             // the course test to read first
};

// One contract area as the behavioural diagnosis saw it: the differential check's fixed sample
// run on the learner's module and on the reference.
struct BehaviourArea {
  std::string name;   // the differential check's area: "cast", "DynamicLossScaler", ...
  int cases = 0;      // inputs tried
  int differing = 0;  // inputs on which the learner's results differ from the reference's
  // When the learner's module crashed or hung on the area's sample: how, and the call it ended on
  // (as DifferentialCheck's). The records hold only mutants that run the whole sample (the build
  // leaves out those that crash or hang on it), so no mutant explains such an area.
  std::string ending = {}, call = {};
};

// A known mutant that behaves like the learner's module on the same sample.
struct BehaviourMatch {
  MutantInfo mutant;
  // The areas where its results equal the learner's on every input where the learner's differ
  // from the reference's.
  std::vector<std::string> areas;
  // Inputs (in any area) where the learner's results are the reference's and the mutant's are
  // not. 0: it behaves exactly like the learner's module on every input tried.
  int conflicts = 0;
};

struct Diagnosis {
  // The behavioural diagnosis: every area (empty when it did not run, see note), the mutants that
  // explain at least one, best first (exact ones, more areas, pitfalls), and the ones named: the
  // exact matches that explain every area they can, one bug each. An area that differs
  // and no named mutant explains is in `unexplained`.
  std::vector<BehaviourArea> areas;
  std::vector<BehaviourMatch> behaviour;
  std::vector<BehaviourMatch> named;
  std::vector<std::string> unexplained;
  int mutants_compared = 0;
  // The failing course tests against each known mutant's signature, best first: a hint only,
  // never the diagnosis on its own.
  std::vector<DiagnosisMatch> matches;
  // True when a mutant is named: one behaves exactly like the learner's module.
  bool confident = false;
  // Empty, or why there is no diagnosis or what limits it ("no signatures: rebuild ...").
  std::string note;
};

struct CheckResult {
  std::string workspace;             // the folder, as given
  std::uint64_t seed = 0;            // the grading seed
  std::vector<std::uint64_t> seeds;  // every seed the course suite ran with, grading seed first
  Reveal reveal = Reveal::Title;
  double module_build_seconds = 0;

  std::vector<CourseTestOutcome> course_tests;  // in the order the suite lists them
  std::vector<DifferentialCheck> differential;
  std::vector<RunProblem> run_problems;
  Diagnosis diagnosis;
  // The module's half: PASS when every course test passed with every seed, every differential
  // check passed and no run ended abnormally; FAIL otherwise.
  Verdict module_verdict = Verdict::Fail;

  // The workspace's tests graded by mutation, as `grade` does; nullopt when it has none.
  std::optional<GradeResult> tests_grade;
  // Both halves: PASS when the module passes and the tests (if any) PASS; INVALID when the tests'
  // grade is INVALID and the module passes; FAIL otherwise.
  Verdict verdict = Verdict::Fail;
  double seconds = 0;
};

}  // namespace tinyllm::reports
