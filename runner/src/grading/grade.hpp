// The grading engine of `grade` and `selfcheck`: compile a suite once, find its valid tests
// (validity.hpp), run them on every mutant in parallel, and decide statuses, score and verdict.
#pragma once
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "grading/progress.hpp"
#include "grading/variant_runs.hpp"
#include "suite_build/compile.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct GradeRequest {
  Config config;  // resolved: defaults, file, command line
  // The catalog, `required` applied; for the full set, then the counted generated mutants.
  std::vector<reports::MutantInfo> mutants;
  reports::GeneratedCounts generated_counts;
  std::vector<reports::WheatInfo> wheats;  // correct implementations every valid test passes on
  std::filesystem::path suite_dir;
  std::vector<std::filesystem::path> sources;   // empty: every C++ source under suite_dir
  std::filesystem::path work_dir;               // the compiled suite stays here (reproducing)
  std::filesystem::path build_dir, source_dir;  // the oracle's build (variants/) and source
  Toolchain toolchain;
  Isolation isolation = Isolation::Plain;  // resolved
  GradeProgressCallback progress;          // when a phase starts and after each of its runs
  // False runs every mutant with every test: only the test of reach's soundness asks for it.
  bool measure_reach = true;
};

// Where a grade's time went (the benchmark's lower bound is compile + runs / jobs).
struct GradeTimings {
  double compile_seconds = 0;       // compiling and linking the suite, once
  bool precompiled_header = false;  // the compile read the precompiled header
  // The last validity round's runs: the reference's (grading seed first) and the wheats'.
  std::vector<double> reference_seconds;
  std::vector<double> wheat_seconds;
  int validity_rounds = 0;   // rounds of validity runs (validity.hpp); 1 when every test is valid
  double probe_seconds = 0;  // the probe run (reach.hpp); 0 when there was none
  int narrowed_runs = 0;     // mutants decided by a run of the tests that reach them alone
  int widened_runs = 0;      // mutants run again with every test (narrowed_runs.hpp)
  int narrowing_checks = 0;  // reference runs of the narrowed sets of tests
};

// Returns the grade, and its timings in `timings` when given. Throws UsageError when a variant
// library is missing, SandboxSetupError when the sandbox cannot be set up, and std::runtime_error
// when a file cannot be read or a run cannot be started.
reports::GradeResult grade_suite(const GradeRequest& request, GradeTimings* timings = nullptr);

// Returns the library each run of the reference, each wheat and each mutant loads, in that order.
// Throws UsageError naming the first that is missing and the commands that build them.
std::vector<std::pair<std::string, std::filesystem::path>> variant_libraries(
    const std::filesystem::path& build_dir, const std::filesystem::path& source_dir,
    const std::vector<reports::MutantInfo>& mutants, const std::vector<reports::WheatInfo>& wheats,
    const VariantRuns& runs);

// Returns INVALID when the grade has a reason to be (invalid_reasons, or a compile log; invalid
// tests alone do not), PASS when the score reaches the threshold and every required mutant was
// detected, FAIL otherwise.
reports::Verdict decide_verdict(const reports::GradeResult& result);

// Returns the exit status of a verdict: 0 PASS, 1 FAIL, 2 INVALID.
int exit_status(reports::Verdict verdict);

}  // namespace tinyllm::runner
