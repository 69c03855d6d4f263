// `tinyllm-grade yardstick`: the course suite on every generated mutant the build made, written to
// variants/course-suite.json. The full grade counts only the generated mutants the course suite
// detects; the build runs this (target tinyllm-grader), so a grade never pays for it.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "course_suite_summary.hpp"
#include "errors.hpp"
#include "generated_set.hpp"
#include "grading_context.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

int run_yardstick_command(const Arguments& args) {
  CommandLine command(
      "yardstick",
      "Usage: tinyllm-grade yardstick [options]\n\n"
      "Runs the course suite (properties/) on every generated mutant the build made\n"
      "(<build-dir>/variants/generated.json) and writes <build-dir>/variants/course-suite.json:\n"
      "a learner's full grade counts only the generated mutants the course suite detects. The\n"
      "build runs it (ninja target tinyllm-grader); run it by hand only to measure a changed\n"
      "course suite. Prints the course suite's score per file and operator, and what it misses.\n"
      "Exit status: 0 written, 2 the course suite is INVALID, 3 usage or configuration error.",
      SharedOptions::Grading);
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  options.mutant_set = "pitfalls";  // the yardstick is what the full set is made from
  GradingContext ctx = prepare_grading_context(options);
  GeneratedSet set = load_generated_set(ctx.build_dir, ctx.source_dir, false);
  GradeRequest request = grade_request(ctx, ctx.source_dir / "properties",
                                       fs::absolute(ctx.config.report_folder) / "yardstick-build");
  request.mutants.clear();
  for (const GeneratedEntry& m : set.mutants)
    if (m.build == "built") request.mutants.push_back(m.info);
  request.progress = progress_line(!options.quiet);
  const reports::GradeResult result = grade_suite(request);
  end_progress_line(!options.quiet);
  if (result.verdict == reports::Verdict::Invalid) {
    std::cout << reports::render_terminal_report(result, stdout_is_terminal());
    std::cerr << "yardstick: the course suite is INVALID; nothing was written\n";
    return 2;
  }
  write_course_suite_results(ctx.build_dir, result);
  write_course_suite_summary(load_generated_set(ctx.build_dir, ctx.source_dir, true), true,
                             std::cout);
  std::cout << fmt::format("yardstick: wrote {} ({} mutants, {:.1f} s)\n",
                           course_suite_results_path(ctx.build_dir).string(), result.mutants.size(),
                           result.seconds);
  return 0;
}

}  // namespace tinyllm::runner
