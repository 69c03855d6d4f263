// check_workspace: the steps in the order a learner needs their answers, each in the sandbox
// where it runs the learner's code.
#include "check/check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "check/behaviours.hpp"
#include "check/course_on_module.hpp"
#include "check/diagnosis.hpp"
#include "check/differential.hpp"
#include "check/signatures.hpp"
#include "check/waiting_notice.hpp"
#include "config/errors.hpp"
#include "grading/grade.hpp"
#include "grading/progress.hpp"
#include "mutant_set/generated_set.hpp"
#include "workspace/module_build.hpp"
#include "workspace/module_pass.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

void say(const CheckRequest& request, const std::string& step) {
  if (request.show_progress) std::cerr << "tinyllm-grade check: " << step << "\n";
}

// Returns the problems and the compiler's messages of a module that did not build, as the one
// error `check` ends with (exit 3).
std::string build_failure(const ModuleBuild& build) {
  std::string text = "your module does not build, so it cannot be checked:\n";
  for (const std::string& problem : build.problems) text += "  " + problem + "\n";
  if (!build.diagnostics.empty()) text += "\nThe compiler and linker said:\n" + build.diagnostics;
  return text;
}

// Every mutant the build may have recorded a behaviour for: the catalog's pitfalls (with the
// grading context's descriptions) and every built generated mutant.
std::vector<reports::MutantInfo> known_mutants(const GradingContext& ctx) {
  std::vector<reports::MutantInfo> known = ctx.mutants;
  try {
    for (const GeneratedEntry& m : load_generated_set(ctx.build_dir, ctx.source_dir, true).mutants)
      if (m.build == "built") known.push_back(m.info);
  } catch (const UsageError&) {
    // A build without generated mutants: the pitfalls alone take part.
  }
  return known;
}

// The behavioural diagnosis (behaviour_diagnosis.hpp), or a note saying why there is none.
void diagnose_behaviour(const GradingContext& ctx, const DifferentialResult& differential,
                        reports::Diagnosis& diagnosis) {
  auto note = [&](const std::string& text) {
    diagnosis.note += (diagnosis.note.empty() ? "" : " ") + text;
  };
  if (!fs::exists(behaviours_file(ctx.build_dir)))
    return note(
        fmt::format("no diagnosis by behaviour: the build has not recorded the known "
                    "mutants' behaviours ({}); rebuild: ninja -C {} tinyllm-grader.",
                    behaviours_file(ctx.build_dir).string(), ctx.build_dir.string()));
  if (!differential.behaviour) return;  // the differential check did not complete: said there
  if (!differential.behaviour->error.empty())
    return note("no diagnosis by behaviour: " + differential.behaviour->error + ".");
  diagnose_by_behaviour(*differential.behaviour, known_mutants(ctx), diagnosis);
}

}  // namespace

reports::Verdict module_verdict(const reports::CheckResult& result) {
  const bool course = std::ranges::all_of(result.course_tests, &reports::CourseTestOutcome::passed);
  const bool differential =
      std::ranges::all_of(result.differential, &reports::DifferentialCheck::passed);
  return course && differential && result.run_problems.empty() && !result.course_tests.empty()
             ? reports::Verdict::Pass
             : reports::Verdict::Fail;
}

reports::Verdict check_verdict(reports::Verdict module,
                               const std::optional<reports::Verdict>& tests) {
  if (module != reports::Verdict::Pass) return reports::Verdict::Fail;
  return tests.value_or(reports::Verdict::Pass);
}

reports::CheckResult check_workspace(const CheckRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const GradingContext& ctx = request.context;
  const Workspace& ws = request.workspace;
  const fs::path work = ws.work_dir();
  reports::CheckResult result;
  result.workspace = ws.root.string();
  result.seed = ctx.config.seed;
  result.seeds.push_back(ctx.config.seed);
  result.seeds.insert(result.seeds.end(), ctx.config.reference_seeds.begin(),
                      ctx.config.reference_seeds.end());
  result.reveal = ctx.config.reveal;

  say(request, "building your module on the oracle's foundation");
  const std::string module_hash = module_sources_hash(ws);  // of what is built and judged
  ModuleToolchain module_toolchain = default_module_toolchain(ctx.build_dir, ctx.source_dir);
  module_toolchain.sandbox = ctx.toolchain.sandbox;
  const ModuleBuild build = build_module(ws, module_toolchain, ws.module_dir(), ctx.config.jobs);
  if (!build.ok) throw UsageError(build_failure(build));
  result.module_build_seconds = build.seconds;

  say(request,
      fmt::format("the course suite on your module (seeds {})", fmt::join(result.seeds, ", ")));
  // A line every few seconds while a run of the module goes on, and one when a test ends a run.
  const auto tell = [&](const std::string& text) { say(request, text); };
  WaitingNotice waiting(request.show_progress ? tell : std::function<void(const std::string&)>());
  const RunNotices notices{[&](const std::string& what) { waiting.running(what); }, tell};
  CourseOnModuleRequest course_request;
  course_request.config = ctx.config;
  course_request.toolchain = ctx.toolchain;
  course_request.isolation = ctx.isolation;
  course_request.source_dir = ctx.source_dir;
  course_request.build_dir = ctx.build_dir;
  course_request.workspace_include_dir = ws.include_dir;
  course_request.module_library = build.library;
  course_request.work_dir = work / "course-suite";
  course_request.notices = notices;
  CourseOnModule course = run_course_suite_on_module(course_request);
  if (!course.compiled)
    throw UsageError(
        "the course suite does not compile against your module's headers "
        "(include/): a public declaration differs from the contract's.\n" +
        course.compile_log);
  result.course_tests = std::move(course.tests);
  result.run_problems = std::move(course.problems);

  say(request, "the differential check against the reference");
  DifferentialRequest differential_request;
  differential_request.include_dir = ws.include_dir;
  differential_request.library = build.library;
  differential_request.build_dir = ctx.build_dir;
  differential_request.source_dir = ctx.source_dir;
  differential_request.work_dir = work / "differential";
  differential_request.seed = ctx.config.seed;
  differential_request.behaviours = behaviours_file(ctx.build_dir);
  differential_request.limits = ctx.config.limits;
  differential_request.isolation = ctx.isolation;
  differential_request.compile_sandbox = ctx.toolchain.sandbox;
  differential_request.timeout_factor = ctx.config.timeout_factor;
  differential_request.timeout_constant_seconds = ctx.config.timeout_constant_seconds;
  differential_request.notices = notices;
  DifferentialResult differential = run_differential(differential_request);
  result.differential = std::move(differential.checks);
  if (differential.problem) result.run_problems.push_back(*differential.problem);

  const Signatures signatures =
      load_signatures(ctx.build_dir, ctx.source_dir, ctx.mutants, ctx.config.seed);
  result.diagnosis.matches =
      match_signatures(failing_with_seed(result.course_tests, result.seed), signatures.signatures)
          .matches;
  result.diagnosis.note = signatures.note;
  diagnose_behaviour(ctx, differential, result.diagnosis);
  result.module_verdict = module_verdict(result);
  record_module_verdict(ws, module_hash, result.module_verdict == reports::Verdict::Pass);

  if (!ws.test_sources.empty()) {
    say(request, "grading your tests by mutation");
    GradeRequest grade = grade_request(ctx, ws.tests_dir, work / "tests-build");
    grade.progress = progress_line(request.show_progress);
    result.tests_grade = grade_suite(grade);
    end_progress_line(request.show_progress);
  }
  result.verdict =
      check_verdict(result.module_verdict,
                    result.tests_grade ? std::optional(result.tests_grade->verdict) : std::nullopt);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tinyllm::runner
