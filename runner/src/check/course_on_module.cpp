// The course suite on a learner's module (see course_on_module.hpp).
#include "check/course_on_module.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "config/errors.hpp"
#include "grading/classify.hpp"
#include "grading/variant_runs.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

// The hash of everything the compiled suite depends on but the learner's library, which it finds
// at run time: the headers' content in include order (not where they are: a copied workspace keeps
// its compiled suite), its sources, and the rest of the toolchain.
std::string compile_key(const Toolchain& t, const fs::path& course_suite) {
  base::ContentHasher hash;
  hash.add("course suite on a module, 2").add(t.compiler);
  for (const std::string& flag : t.cxx_flags) hash.add(flag);
  for (const fs::path& dir : t.include_dirs)
    hash.add(fs::is_directory(dir) ? base::folder_hash(dir) : "absent");
  for (const std::string& library : t.link_libraries) {
    hash.add(library);
    if (fs::is_regular_file(library)) hash.add(library).add_file(library);  // the probe listener
  }
  hash.add(base::folder_hash(course_suite));
  return hash.hex();
}

// The tests the compiled suite lists, in its order, or nothing when the listing run did not
// complete (its ending is then in `problems`).
std::vector<std::string> list_tests(RunRequest request, const ResourceLimits& limits,
                                    std::vector<reports::RunProblem>& problems) {
  request.arguments = {"--gtest_list_tests"};
  const SandboxRun run = run_sandboxed(request);
  const auto listing = run.result_json ? parse_gtest_json(*run.result_json) : std::nullopt;
  std::vector<std::string> names;
  if (run.ending == RunEnding::Exited && run.exit_code == 0 && listing) {
    for (const TestOutcome& t : listing->tests) names.push_back(t.name);
    return names;
  }
  RunOutcome outcome = classify_run(run, {});
  if (outcome.kind == RunOutcomeKind::Passed) {  // exited 0, but no listing in its file
    outcome.kind = RunOutcomeKind::IncompleteResult;
    outcome.exit_code = run.exit_code;
  }
  problems.push_back({"the course suite listing its tests (before any test ran)",
                      describe_outcome(outcome, limits)});
  return names;
}

// The reference's module on the build's course suite, timed in the sandbox with the grading seed:
// each run on the learner's module gets that time times timeout.factor, plus the constant.
ScaledTimeout course_timeout(const CourseOnModuleRequest& request, const RunRequest& base) {
  RunRequest r = base;
  r.executable = request.build_dir / "properties" / "course_suite";
  r.library = variant_library(request.build_dir, "reference");
  r.environment.push_back(fmt::format("RC_PARAMS=seed={}", request.config.seed));
  for (const fs::path& needed : {r.executable, r.library})
    if (!fs::is_regular_file(needed))
      throw UsageError(
          fmt::format("checking a module needs {}, which is missing: build the "
                      "grader (ninja -C {} tinyllm-grader)",
                      needed.string(), request.build_dir.string()));
  const SandboxRun run = run_sandboxed(r);
  const RunOutcome outcome = classify_run(run, {});
  if (outcome.kind != RunOutcomeKind::Passed)
    throw std::runtime_error(fmt::format(
        "the course suite does not pass on the reference in the sandbox ({}): the build is "
        "broken; rebuild it (ninja -C {} tinyllm-grader)",
        describe_outcome(outcome, request.config.limits), request.build_dir.string()));
  return {request.config.timeout_factor * run.seconds + request.config.timeout_constant_seconds,
          run.seconds};
}

}  // namespace

Toolchain course_suite_toolchain(const CourseOnModuleRequest& request) {
  Toolchain t = request.toolchain;
  t.include_dirs = {request.workspace_include_dir, request.build_dir / "foundation" / "include",
                    request.source_dir / "properties"};
  t.includable = t.include_dirs;
  t.includable_in_words =
      "the course suite is compiled against the workspace's include/ and the foundation's "
      "headers; a header of the workspace may include those, the standard library, GoogleTest "
      "and RapidCheck";
  t.learner_folders = {request.workspace_include_dir};
  t.reference_library_dir = request.module_library.parent_path();
  t.precompiled_header.clear();
  return t;
}

CourseOnModule run_course_suite_on_module(const CourseOnModuleRequest& request) {
  CourseOnModule result;
  const Config& config = request.config;
  const int jobs = resolved_jobs(config);
  const fs::path course_suite = request.source_dir / "properties";
  const Toolchain toolchain = course_suite_toolchain(request);

  // 1. Compile, unless the last compile was made from exactly this.
  fs::create_directories(request.work_dir);
  const fs::path stamp = request.work_dir / "compiled-from";
  const fs::path executable = request.work_dir / "suite";
  const std::string key = compile_key(toolchain, course_suite);
  if (fs::is_regular_file(stamp) && fs::is_regular_file(executable) &&
      base::read_whole_file(stamp) == key) {
    result.compiled = result.reused_build = true;
  } else {
    fs::remove(stamp);
    const SuiteBuild build =
        compile_suite(toolchain, course_suite, suite_sources(course_suite), request.work_dir, jobs);
    result.compiled = build.ok;
    if (!build.ok) {
      result.compile_log =
          build.diagnostics.empty() ? "the compiler failed without a message" : build.diagnostics;
      return result;
    }
    base::write_whole_file(stamp, key);
  }

  // 2. Time the reference's module, list the tests, then run them with each seed (shrinking on: a
  // learner wants the smallest counterexample).
  const fs::path scratch_root = request.work_dir / "runs";
  fs::create_directories(scratch_root);
  RunRequest base;
  base.executable = executable;
  base.library = request.module_library;
  base.environment = {"GTEST_COLOR=no"};
  base.environment.insert(base.environment.end(), request.environment.begin(),
                          request.environment.end());
  base.limits = config.limits;
  base.isolation = request.isolation;
  base.scratch_root = scratch_root;
  const ScaledTimeout timeout = course_timeout(request, base);
  base.timeout_seconds = timeout.seconds;
  result.seeds = {config.seed};
  result.seeds.insert(result.seeds.end(), config.reference_seeds.begin(),
                      config.reference_seeds.end());

  const std::vector<std::string> listed = list_tests(base, config.limits, result.problems);
  if (listed.empty()) return result;
  std::vector<std::string> expected = listed;
  std::sort(expected.begin(), expected.end());
  const auto run_seed = [&](std::uint64_t seed, const std::set<std::string>& left_out,
                            const std::vector<std::string>& expecting) {
    RunRequest r = base;
    r.environment.push_back(fmt::format("RC_PARAMS=seed={}", seed));
    return run_resuming(left_out, expecting, [&](const std::vector<std::string>& arguments) {
      r.arguments = arguments;
      const RunNotices& notices = request.notices;
      if (notices.running) notices.running(fmt::format("the course suite with seed {}", seed));
      SandboxRun run = run_sandboxed(r);
      const RunOutcome outcome = classify_run(run, {});
      if (notices.tell && ended_early(outcome.kind) && !outcome.running_test.empty())
        notices.tell(
            fmt::format("with seed {}, {}; the tests it did not finish run again "
                        "without it",
                        seed, describe_outcome(outcome, config.limits)));
      return run;
    });
  };
  // The grading seed first: a test that times out with it is left out of the other seeds' runs,
  // where it would be waited out again.
  std::vector<CourseSeedRun> runs(result.seeds.size());
  runs[0] = {result.seeds[0], run_seed(result.seeds[0], {}, expected)};
  const std::set<std::string> timed_out = timed_out_tests(runs[0].run);
  std::vector<std::string> expected_later;
  std::set_difference(expected.begin(), expected.end(), timed_out.begin(), timed_out.end(),
                      std::back_inserter(expected_later));
  base::parallel_for(runs.size() - 1, jobs, [&](std::size_t i) {
    runs[i + 1] = {result.seeds[i + 1], run_seed(result.seeds[i + 1], timed_out, expected_later)};
  });
  const auto reproduce = [&](std::uint64_t seed, const std::string& test) {
    return fmt::format("cd {} && env RC_PARAMS={} LD_LIBRARY_PATH={} ./suite --gtest_filter={}",
                       base::shell_quote(request.work_dir.string()),
                       base::shell_quote(fmt::format("seed={}", seed)),
                       base::shell_quote(request.module_library.parent_path().string()),
                       base::shell_quote(test));
  };
  CourseOutcomes outcomes = course_outcomes(listed, runs, config.limits, timeout, reproduce);
  result.tests = std::move(outcomes.tests);
  result.problems.insert(result.problems.end(), outcomes.problems.begin(), outcomes.problems.end());
  return result;
}

}  // namespace tinyllm::runner
