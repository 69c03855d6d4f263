// The commands that write the build's records: the course suite's results on every mutant
// (`yardstick`) and what each mutant does differently from the reference (`behaviours`).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "batch/batch_fingerprint.hpp"
#include "check/behaviours.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "grading/progress.hpp"
#include "mutant_set/course_suite_summary.hpp"
#include "mutant_set/generated_set.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

// `tinyllm-grade yardstick`: the course suite's results on every mutant, which the full grade and
// `check`'s diagnosis read (signatures.hpp); the build runs it (its --help says the rest).
int run_yardstick_command(const Arguments& args) {
  CommandLine command(
      "yardstick",
      "Usage: tinyllm-grade yardstick [options]\n\n"
      "Runs the course suite (properties/) on every generated mutant the build made\n"
      "(<build-dir>/variants/generated.json) and on every pitfall, and writes\n"
      "<build-dir>/variants/course-suite.json: a learner's full grade counts only the generated\n"
      "mutants the course suite detects, and `check` diagnoses a learner's module by matching its\n"
      "failing course tests against the tests that fail on each mutant. The\n"
      "build runs it (ninja target tinyllm-grader); run it by hand only to measure a changed\n"
      "course suite. Prints the course suite's score per file and operator, and what it misses.\n"
      "Exit status: 0 written, 2 the course suite is INVALID, 3 usage or configuration error.",
      SharedOptions::Grading);
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  options.mutant_set = "pitfalls";  // the yardstick is what the full set is made from
  GradingContext ctx = prepare_grading_context(options);
  const GeneratedSet set = load_generated_set(ctx.build_dir, ctx.source_dir, false);
  const fs::path course_suite = ctx.source_dir / "properties";

  // What the results depend on besides each mutant's library: rerun only what changed.
  CourseSuiteResults results;
  results.manifest_hash = generated_manifest_hash(ctx.build_dir);
  results.course_suite_hash = base::folder_hash(course_suite);
  // "format 2": records of format 1 lack killed_by_failed_tests, so none of them is reused.
  results.suite_hash =
      base::ContentHasher::of({"format 2", grading_fingerprint(ctx), results.course_suite_hash});
  results.seed = ctx.config.seed;
  std::map<std::string, CourseSuiteRecord> earlier;
  if (const auto previous = read_course_suite_results(ctx.build_dir);
      previous && previous->suite_hash == results.suite_hash) {
    for (const CourseSuiteRecord& r : previous->mutants) earlier[r.id] = r;
    for (const CourseSuiteRecord& r : previous->pitfalls) earlier[r.id] = r;
  }

  GradeRequest request =
      grade_request(ctx, course_suite, fs::absolute(ctx.config.report_folder) / "yardstick-build");
  request.mutants.clear();
  // The course suite's tests must all be valid (selfcheck says so): one that is not is a bug to
  // fix, not a test to leave out of the yardstick.
  request.config.validity = reports::Validity::Strict;
  // Every failing test of a mutant is its signature for `check`'s diagnosis, as a learner's module
  // fails them in a run of the whole course suite. Narrowed runs give
  // the same: a course test that does not reach a mutant runs as on the reference, and a mutant
  // that survives is run again with every test (docs/figures.md, `yardstick-narrowed`).
  std::map<std::string, std::string> library_hash;
  const VariantRuns runs(ctx.build_dir);
  // Each mutant is run unless the earlier file has its result on this very library.
  auto reuse_or_run = [&](const reports::MutantInfo& info, std::vector<CourseSuiteRecord>& into) {
    const std::string hash = runs.library_hash(info.id);
    library_hash[info.id] = hash;
    const auto found = earlier.find(info.id);
    if (found != earlier.end() && found->second.library_hash == hash)
      into.push_back(found->second);
    else
      request.mutants.push_back(info);
  };
  for (const GeneratedEntry& m : set.mutants)
    if (m.build == "built") reuse_or_run(m.info, results.mutants);
  // The pitfalls (ctx.mutants: the yardstick's context is the pitfalls set): their failing tests
  // are the signatures `check` diagnoses with.
  for (const reports::MutantInfo& m : ctx.mutants) reuse_or_run(m, results.pitfalls);
  const std::size_t reused = results.mutants.size() + results.pitfalls.size();
  double seconds = 0;
  if (!request.mutants.empty()) {
    request.progress = progress_line(!options.quiet);
    const reports::GradeResult course = grade_suite(request);
    end_progress_line(!options.quiet);
    if (course.verdict == reports::Verdict::Invalid) {
      std::cout << reports::render_terminal_report(
          reports::for_reader(course, reports::View::Staff), stdout_is_terminal());
      std::cerr << "yardstick: the course suite is INVALID; nothing was written\n";
      return 2;
    }
    for (const reports::MutantResult& m : course.mutants)
      (m.mutant.kind == reports::MutantKind::Pitfall ? results.pitfalls : results.mutants)
          .push_back({m.mutant.id,
                      library_hash[m.mutant.id],
                      {m.status, m.reason, m.killed_by, m.killed_by_failed_tests}});
    seconds = course.seconds;
  }
  // The manifest's order, whatever was reused.
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < set.mutants.size(); ++i) position[set.mutants[i].info.id] = i;
  for (std::size_t i = 0; i < ctx.mutants.size(); ++i) position[ctx.mutants[i].id] = i;
  auto in_order = [&](const auto& a, const auto& b) { return position[a.id] < position[b.id]; };
  std::sort(results.mutants.begin(), results.mutants.end(), in_order);
  std::sort(results.pitfalls.begin(), results.pitfalls.end(), in_order);
  write_course_suite_results(ctx.build_dir, results);
  if (!options.quiet)  // the build runs it quietly; selfcheck and list show the summary too
    write_course_suite_summary(load_generated_set(ctx.build_dir, ctx.source_dir, true), true,
                               std::cout);
  std::cout << fmt::format("yardstick: wrote {}: {} mutants run ({:.1f} s), {} unchanged reused\n",
                           course_suite_results_path(ctx.build_dir).string(),
                           results.mutants.size() + results.pitfalls.size() - reused, seconds,
                           reused);
  return 0;
}

// `tinyllm-grade behaviours`: what the behavioural diagnosis compares with (check/behaviours.hpp).
int run_behaviours_command(const Arguments& args) {
  CommandLine command(
      "behaviours",
      "Usage: tinyllm-grade behaviours [options]\n\n"
      "Runs every pitfall and every built generated mutant on the differential check's fixed\n"
      "sample (100 inputs per contract area) and writes what each does differently from the\n"
      "reference to <build-dir>/differential/behaviours.txt. `check` compares a learner's module\n"
      "with them: a mutant that behaves exactly like the module is named as its bug. The build\n"
      "runs it (ninja target tinyllm-grader); a mutant whose library is unchanged is not run\n"
      "again.\n"
      "Exit status: 0 written, 3 usage or configuration error.",
      SharedOptions::Grading);
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  options.mutant_set = "pitfalls";
  const GradingContext ctx = prepare_grading_context(options);
  std::vector<std::string> ids;
  for (const reports::MutantInfo& m : ctx.mutants) ids.push_back(m.id);
  for (const GeneratedEntry& m : load_generated_set(ctx.build_dir, ctx.source_dir, false).mutants)
    if (m.build == "built") ids.push_back(m.info.id);
  const BehaviourRecording recording =
      record_behaviours(ctx.build_dir, ids, ctx.config.jobs, [&](int done, int total) {
        if (!options.quiet) std::cerr << fmt::format("\rbehaviours: {}/{}", done, total);
      });
  if (!options.quiet) std::cerr << "\n";
  for (const std::string& failure : recording.failures)
    std::cerr << "behaviours: left out " << failure << "\n";
  std::cout << fmt::format(
      "behaviours: wrote {}: {} mutants recorded ({:.1f} s), {} unchanged "
      "reused, {} left out\n",
      behaviours_file(ctx.build_dir).string(), recording.recorded, recording.seconds,
      recording.reused, recording.failures.size());
  return 0;
}

}  // namespace tinyllm::runner
