// `tinyllm-grade batch SUITES --output FOLDER [--shard K/N]`: grade a class, one suite per
// subfolder of SUITES; resumable (unchanged suites keep their stored grade) and shardable across
// machines.
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "batch/batch_fingerprint.hpp"
#include "batch/class_batch.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "feedback/feedback.hpp"
#include "grading/progress.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_batch_command(const Arguments& args) {
  std::string suites;
  std::string shard = "1/1";
  bool after_deadline = false;
  bool no_class_report = false;
  CommandLine command(
      "batch",
      "Usage: tinyllm-grade batch SUITES --output FOLDER [options]\n\n"
      "Grades every subfolder of SUITES (one learner's suite each) and writes each learner's\n"
      "reports into FOLDER/<learner>/ and the class report into FOLDER. A suite whose files are\n"
      "unchanged since the last run into FOLDER keeps its grade, unless the policy, the catalog\n"
      "or the oracle's libraries changed, so an interrupted batch resumes.\n"
      "A suite that cannot be graded is reported and the batch goes on.\n"
      "A learner's changed suite is their next attempt (FOLDER/<learner>/attempts.json):\n"
      "with reveal = \"ladder\" their reports show the hints that attempt earned; the class\n"
      "report, for staff, shows everything and each learner's attempt and rung.\n"
      "Exit status: 0 every suite graded, 1 some could not be, 3 usage or configuration error.",
      SharedOptions::Grading);
  command.add_options()(
      "shard", po::value(&shard)->value_name("K/N"),
      "grade only every N-th learner from the K-th (sorted by name); join shards with "
      "`tinyllm-grade merge`")("after-deadline", po::bool_switch(&after_deadline),
                               "the due date has passed: every learner's report names every "
                               "survivor")(
      "no-class-report", po::bool_switch(&no_class_report),
      "write only the learners' folders, not the class report: for shards that share one "
      "--output folder (a Slurm array's tasks, scripts/slurm/); `tinyllm-grade merge FOLDER "
      "--output FOLDER --suites SUITES` writes it when every shard is done");
  command.positional("suites", po::value(&suites), 1);
  if (!command.parse(args)) return 0;
  if (suites.empty())
    throw UsageError("which class? tinyllm-grade batch SUITES_FOLDER --output FOLDER");
  if (!fs::is_directory(suites)) {
    throw UsageError(fmt::format(
        "{} is not a folder: pass a folder with one subfolder per learner's suite", suites));
  }
  BatchOptions options;
  try {
    std::tie(options.shard_index, options.shard_count) = parse_shard(shard);
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }

  // Everything is checked before the first suite is graded: the reports' formats and viewer
  // bundle, and every variant library (read once here for the fingerprint).
  const GradingContext ctx = prepare_grading_context(command.common());
  const reports::ReportOptions report_options = checked_report_options({}, ctx.config);
  options.suites_folder = fs::absolute(suites).lexically_normal();
  options.output_folder = fs::absolute(ctx.config.report_folder);
  options.formats = report_options.formats;
  options.elements_bundle = report_options.elements_bundle;
  options.grading_fingerprint = grading_fingerprint(ctx);
  options.after_deadline = after_deadline;
  options.write_class_report = !no_class_report;
  const bool quiet = command.common().quiet;
  // On a terminal one line shows the suites and, beside them, the grade in progress.
  std::optional<ProgressLine> line;
  if (stderr_is_terminal() && !quiet) options.progress_line = &line.emplace(std::cerr);

  const auto grade = [&](const fs::path& suite, const Attempt& attempt) {
    GradeRequest request =
        grade_request(ctx, suite, options.output_folder / suite.filename() / "suite-build");
    if (options.progress_line) request.progress = options.progress_line->grade_callback();
    reports::GradeResult result = grade_suite(request);
    apply_feedback(ctx.config, attempt, result);
    result.suite_name = suite.filename().string();
    return result;
  };
  std::ostringstream discarded;
  const BatchOutcome outcome =
      run_batch(options, grade, quiet ? static_cast<std::ostream&>(discarded) : std::cerr);
  int pass = 0;
  for (const reports::GradeResult& result : outcome.results) {
    pass += result.verdict == reports::Verdict::Pass ? 1 : 0;
  }
  std::cout << fmt::format(
      "batch: {} suites ({} graded, {} reused), {} PASS; {}\n", outcome.results.size(),
      outcome.graded, outcome.reused, pass,
      options.write_class_report
          ? "class report in " + (options.output_folder / "class-report.html").string()
          : "no class report (--no-class-report): merge writes it");
  for (const std::string& error : outcome.errors)
    std::cout << "batch: not graded: " << error << "\n";
  return outcome.errors.empty() ? 0 : 1;
}

}  // namespace tinyllm::runner
