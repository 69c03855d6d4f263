// The grading engine. Runs never recompile anything: the suite is linked once against the
// reference, and each run gets a copy of one variant's library under the same neutral name.
#include "grading/grade.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "config/errors.hpp"
#include "grading/classify.hpp"
#include "grading/narrowed_runs.hpp"
#include "grading/progress.hpp"
#include "grading/reach.hpp"
#include "grading/validity.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

std::vector<std::pair<std::string, fs::path>> variant_libraries(
    const fs::path& build_dir, const fs::path& source_dir,
    const std::vector<reports::MutantInfo>& mutants, const std::vector<reports::WheatInfo>& wheats,
    const VariantRuns& runs) {
  std::vector<std::pair<std::string, fs::path>> libraries = {
      {"reference", runs.target("reference").library}};
  for (const auto& w : wheats) libraries.emplace_back(w.id, runs.target(w.id).library);
  for (const auto& m : mutants) libraries.emplace_back(m.id, runs.target(m.id).library);
  for (const auto& [variant, library] : libraries)
    if (!fs::is_regular_file(library))
      throw UsageError(fmt::format(
          "{}: missing; build the oracle and its variants first: cmake -S {} -B {} && ninja -C {} "
          "tinyllm-grader. Nothing was graded.",
          library.string(), source_dir.string(), build_dir.string(), build_dir.string()));
  return libraries;
}

int exit_status(reports::Verdict v) {
  using reports::Verdict;
  static_assert(static_cast<int>(Verdict::Pass) == 0 && static_cast<int>(Verdict::Fail) == 1 &&
                    static_cast<int>(Verdict::Invalid) == 2,
                "the exit statuses are 0 PASS, 1 FAIL, 2 INVALID");
  return static_cast<int>(v);
}

reports::Verdict decide_verdict(const reports::GradeResult& r) {
  // The grading engine writes a reason for every way a grade is INVALID (the suite does not
  // compile, no valid test remains, no test at all, a run fails with nothing to blame, strict
  // validity and an invalid test): invalid tests alone do not make it INVALID.
  if (!r.compile_log.empty() || !r.invalid_reasons.empty()) return reports::Verdict::Invalid;
  for (const auto& m : r.mutants)
    if (m.mutant.required && !reports::detected(m.status)) return reports::Verdict::Fail;
  return r.score >= r.threshold ? reports::Verdict::Pass : reports::Verdict::Fail;
}

reports::GradeResult grade_suite(const GradeRequest& request, GradeTimings* timings) {
  GradeTimings unused;
  if (timings == nullptr) timings = &unused;
  const auto start = std::chrono::steady_clock::now();
  const Config& config = request.config;
  const int jobs = resolved_jobs(config);
  reports::GradeResult result;
  result.suite_path = fs::absolute(request.suite_dir).lexically_normal().string();
  result.suite_name = fs::path(result.suite_path).filename().string();
  if (result.suite_name.empty())
    result.suite_name = fs::path(result.suite_path).parent_path().filename().string();
  result.threshold = config.threshold;
  result.reveal = config.reveal;
  result.seed = config.seed;
  result.mutant_set = config.mutant_set;
  result.validity = config.validity;
  result.wheats = request.wheats;
  if (config.mutant_set == reports::MutantSet::Full) result.generated = request.generated_counts;
  for (const auto& m : request.mutants) {
    reports::MutantResult r;
    r.mutant = m;
    r.reason = "not run";
    result.mutants.push_back(r);
    if (!result.oracle_files.contains(m.file))
      result.oracle_files[m.file] = base::read_whole_file(request.source_dir / m.file);
  }
  auto finish = [&] {
    result.verdict = decide_verdict(result);
    result.seconds = seconds_since(start);
    return result;
  };

  // Every library must be there before anything runs: a missing one is a build problem.
  const VariantRuns variant_runs(request.build_dir);
  variant_libraries(request.build_dir, request.source_dir, request.mutants, request.wheats,
                    variant_runs);

  // 1. Compile once.
  const auto sources = request.sources.empty() ? suite_sources(request.suite_dir) : request.sources;
  for (const auto& s : sources)
    result.suite_files[fs::relative(s, request.suite_dir).string()] = base::read_whole_file(s);
  fs::create_directories(request.work_dir);
  const PhaseProgress compiling(request.progress, GradePhase::Compiling, 0, jobs);
  SuiteBuild build =
      compile_suite(request.toolchain, request.suite_dir, sources, request.work_dir, jobs);
  timings->compile_seconds = build.seconds;
  timings->precompiled_header = build.precompiled_header;
  if (!build.ok) {
    result.compile_log =
        build.diagnostics.empty() ? "the compiler failed without a message" : build.diagnostics;
    result.invalid_reasons.push_back("the suite does not compile");
    return finish();
  }
  const fs::path scratch_root = request.work_dir / "runs";
  fs::create_directories(scratch_root);

  auto make_run = [&](const RunTarget& target, std::uint64_t seed, bool shrink, double timeout,
                      const std::vector<std::string>& arguments) {
    RunRequest run;
    run.executable = build.executable;
    run.arguments = arguments;
    run.library = target.library;
    run.environment = {fmt::format("RC_PARAMS=seed={}{}", seed, shrink ? "" : " noshrink=1"),
                       "GTEST_COLOR=no"};
    run.environment.insert(run.environment.end(), target.environment.begin(),
                           target.environment.end());
    run.timeout_seconds = timeout;
    run.limits = config.limits;
    run.isolation = request.isolation;
    run.scratch_root = scratch_root;
    return run;
  };

  // 2. Validity: the reference with every seed and every wheat, until the invalid tests are known
  // (shrinking on: a learner wants the smallest counterexample).
  ValidityPlan plan;
  plan.runs = validity_runs(config, request.wheats);
  plan.policy = config.validity;
  plan.limits = config.limits;
  plan.jobs = jobs;
  plan.suite_dir = request.suite_dir;
  plan.progress = request.progress;
  plan.reproduce = [&](const ValidityRun& run, const std::string& test) {
    // The reference's own library behaves as the schema's with a decoy, and reads plainly.
    const RunTarget target = run.variant == "reference"
                                 ? RunTarget{variant_library(request.build_dir, "reference"), {}}
                                 : variant_runs.target(run.variant);
    std::string selection;
    for (const std::string& assignment : target.environment)
      selection += base::shell_quote(assignment) + " ";
    return fmt::format("cd {} && env RC_PARAMS={} LD_LIBRARY_PATH={} {}./suite --gtest_filter={}",
                       base::shell_quote(request.work_dir.string()),
                       base::shell_quote(fmt::format("seed={}", run.seed)),
                       base::shell_quote(target.library.parent_path().string()), selection,
                       base::shell_quote(test));
  };
  const ValidityResult validity =
      check_validity(plan, [&](const ValidityRun& run, const std::vector<std::string>& arguments) {
        return run_sandboxed(make_run(variant_runs.target(run.variant), run.seed, true,
                                      config.reference_timeout_seconds, arguments));
      });
  // The last round's runs: all of them, or the grading-seed run alone when it timed out.
  for (std::size_t i = 0; i < validity.run_seconds.size(); ++i)
    (plan.runs[i].variant == "reference" ? timings->reference_seconds : timings->wheat_seconds)
        .push_back(validity.run_seconds[i]);
  timings->validity_rounds = validity.rounds;
  result.tests = validity.tests;
  result.invalid_tests = validity.invalid_tests;
  result.invalid_reasons = validity.invalid_reasons;
  if (!result.invalid_reasons.empty()) return finish();
  // The mutants run exactly what the last validity round ran: the valid tests alone.
  const std::vector<std::string>& run_arguments = validity.run_arguments;
  const std::vector<std::string>& expected_tests = validity.valid_tests;

  const double reference_seconds = validity.run_seconds.front();
  const double timeout =
      reference_seconds * config.timeout_factor + config.timeout_constant_seconds;

  // 3. Reach: one run that records which variants' code each test runs; the mutants no test
  // reaches are NoCoverage, not run, and the others run the tests that reach them.
  ReachFound reach;
  if (request.measure_reach) {
    const PhaseProgress probe_progress(request.progress, GradePhase::Probe, 1, 1);
    reach = measure_reach(
        variant_runs,
        make_run(variant_runs.reach_target(), config.seed, false, timeout, run_arguments),
        expected_tests, result);
    timings->probe_seconds = reach.probe_seconds;
  }

  // 4. Every other mutant with the grading seed, no shrinking, in an order the suite cannot
  // predict.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < result.mutants.size(); ++i)
    if (result.mutants[i].status != reports::MutantStatus::NoCoverage) order.push_back(i);
  std::random_device device;
  std::shuffle(order.begin(), order.end(), std::mt19937_64(device()));
  PhaseProgress mutant_progress(request.progress, GradePhase::Mutants,
                                static_cast<int>(order.size()), jobs);
  std::vector<std::string> mutant_ids;
  for (std::size_t i : order) mutant_ids.push_back(result.mutants[i].mutant.id);
  MutantRunPlan runs;
  runs.request = [&](const PlannedRun& planned) {
    return make_run(variant_runs.target(planned.variant), config.seed, false, timeout,
                    planned.tests.empty() ? run_arguments : only_tests(planned.tests));
  };
  runs.jobs = jobs;
  // A run passes as the reference's must: every test it ran listed, none failed.
  auto passes_with = [&](const SandboxRun& run, const std::vector<std::string>& tests) {
    return mutant_verdict(classify_run(run, tests.empty() ? expected_tests : tests), config.limits)
               .status == reports::MutantStatus::Survived;
  };
  runs.finished = [&](std::size_t k, double seconds) {
    mutant_progress.run_finished(seconds, mutant_ids[k]);
  };
  const NarrowedRunsDone ran = run_narrowed(runs, mutant_ids, reach.narrowed, passes_with);
  for (std::size_t k = 0; k < order.size(); ++k) {
    auto& m = result.mutants[order[k]];
    const SandboxRun& run = ran.runs[k];
    const std::vector<std::string>& tests = ran.tests[k].empty() ? expected_tests : ran.tests[k];
    const MutantVerdict v = mutant_verdict(classify_run(run, tests), config.limits);
    m.status = v.status;
    m.reason = v.reason;
    m.killed_by = v.killed_by;
    m.killed_by_failed_tests = v.killed_by_failed_tests;
    m.seconds = run.seconds;
  }
  timings->narrowed_runs = ran.narrowed;
  timings->widened_runs = ran.widened;
  timings->narrowing_checks = ran.checks;

  // 5. Score.
  const auto detected = std::count_if(result.mutants.begin(), result.mutants.end(),
                                      [](const auto& m) { return reports::detected(m.status); });
  result.score = result.mutants.empty()
                     ? 0.0
                     : static_cast<double>(detected) / static_cast<double>(result.mutants.size());
  return finish();
}

}  // namespace tinyllm::runner
