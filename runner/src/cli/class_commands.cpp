// The commands for a class: `batch` grades every learner's suite, `merge` joins batch shards,
// `gradescope-bundle` writes an autograder.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>

#include "batch/batch_fingerprint.hpp"
#include "batch/class_batch.hpp"
#include "batch/gradescope_bundle.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "feedback/feedback.hpp"
#include "grading/progress.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

// `tinyllm-grade batch SUITES --output FOLDER [--shard K/N]` (its --help says the rest).
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
  command.positional("suites", suites,
                     "which class? tinyllm-grade batch SUITES_FOLDER --output FOLDER");
  if (!command.parse(args)) return 0;
  if (!fs::is_directory(suites))
    throw UsageError(fmt::format(
        "{} is not a folder: pass a folder with one subfolder per learner's suite", suites));
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
  const auto pass = std::ranges::count_if(
      outcome.results, [](const auto& r) { return r.verdict == reports::Verdict::Pass; });
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

// `tinyllm-grade merge SHARD... --output FOLDER`.
int run_merge_command(const Arguments& args) {
  std::vector<std::string> shards;
  std::string output;
  std::string suites;
  CommandLine command(
      "merge",
      "Usage: tinyllm-grade merge SHARD_FOLDER... --output FOLDER [--suites SUITES]\n\n"
      "Reads every <SHARD_FOLDER>/<learner>/grade.json written by `tinyllm-grade batch --shard`\n"
      "and writes the class report (class-report.json, .html, class-learners.csv,\n"
      "class-mutants.csv) into FOLDER. Shards that shared one folder (batch --no-class-report,\n"
      "as a Slurm array's tasks do) merge with FOLDER as both: merge OUT --output OUT.\n"
      "With --suites, the class folder the shards graded, the report holds exactly its learners\n"
      "and the merge stops, naming them, if any has no grade of its suite as it is now.\n"
      "Exit status: 0 merged, 3 usage error, shards that disagree or learners not graded.",
      SharedOptions::None);
  command.add_options()("output,o", po::value(&output)->value_name("DIR"),
                        "the folder for the class report")(
      "suites", po::value(&suites)->value_name("SUITES"),
      "the class folder the shards graded: every learner in it must have a current grade, and "
      "only they are in the report");
  command.positional("shards", shards,
                     "which shards? tinyllm-grade merge OUT1 OUT2 ... --output FOLDER");
  if (!command.parse(args)) return 0;
  if (output.empty()) throw UsageError("where to? add --output FOLDER for the class report");
  if (!suites.empty() && !fs::is_directory(suites))
    throw UsageError(fmt::format(
        "--suites {} is not a folder: pass the class folder the shards graded", suites));
  std::vector<fs::path> folders(shards.begin(), shards.end());
  try {
    const std::vector<reports::GradeResult> results = merge_batches(folders, output, suites);
    std::cout << fmt::format("merge: {} suites from {} shards; class report in {}\n",
                             results.size(), shards.size(),
                             (fs::path(output) / "class-report.html").string());
  } catch (const std::runtime_error& error) {
    throw UsageError(error.what());
  }
  return 0;
}

// `tinyllm-grade gradescope-bundle DIR`.
int run_gradescope_bundle_command(const Arguments& args) {
  std::string folder;
  CommandLine command(
      "gradescope-bundle",
      "Usage: tinyllm-grade gradescope-bundle DIR [options]\n\n"
      "Writes a Gradescope autograder into the folder DIR: setup.sh, run_autograder, a copy of "
      "this\n"
      "repository, and the grading policy (--config). Zip the folder's contents and upload them "
      "as\n"
      "the assignment's autograder; learners submit their suite's .cpp files.",
      SharedOptions::Catalog);
  command.positional("folder", folder, "where to? tinyllm-grade gradescope-bundle OUTPUT_FOLDER");
  if (!command.parse(args)) return 0;
  // Reads and checks the configuration now, so a bad policy fails here, not on Gradescope.
  const GradingContext ctx = prepare_catalog_context(command.common());
  GradescopeBundleOptions options;
  options.output_folder = folder;
  options.repository_root = ctx.source_dir;
  if (!command.common().config_file.empty()) options.config_file = command.common().config_file;
  write_gradescope_bundle(options);
  std::cout << fmt::format(
      "Wrote the autograder to {}: zip its contents (cd {} && zip -r ../autograder.zip .) and "
      "upload the zip as the assignment's autograder.\n",
      folder, folder);
  return 0;
}

}  // namespace tinyllm::runner
