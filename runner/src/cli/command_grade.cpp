// `tinyllm-grade grade SUITE`: grade one learner's suite.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "feedback/feedback.hpp"
#include "feedback/gradescope_metadata.hpp"
#include "grading/progress.hpp"
#include "tinyllm/reports/feedback.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// Writes where the time of a grade went: the benchmark's lower bound is compile + runs / jobs.
void write_timings(const reports::GradeResult& r, const GradeTimings& t, const Config& config,
                   const fs::path& file) {
  nlohmann::json j;
  j["version"] = 1;
  j["total_seconds"] = r.seconds;
  j["compile_seconds"] = t.compile_seconds;
  j["precompiled_header"] = t.precompiled_header;
  j["reference_seconds"] = t.reference_seconds;
  j["wheat_seconds"] = t.wheat_seconds;
  j["validity_rounds"] = t.validity_rounds;
  j["probe_seconds"] = t.probe_seconds;
  j["narrowed_runs"] = t.narrowed_runs;
  j["widened_runs"] = t.widened_runs;
  j["narrowing_checks"] = t.narrowing_checks;
  j["jobs"] = config.jobs > 0 ? config.jobs : static_cast<int>(std::thread::hardware_concurrency());
  nlohmann::json mutants = nlohmann::json::object();
  for (const auto& m : r.mutants) mutants[m.mutant.id] = m.seconds;
  j["mutant_seconds"] = mutants;
  j["verdict"] = reports::to_string(r.verdict);
  std::ofstream(file) << j.dump(2) << "\n";
}

// Returns this submission's attempt: from Gradescope's metadata, or --attempt, or unknown (taken
// as the first); --after-deadline marks it late either way.
Attempt submission_attempt(const std::string& metadata, int number, bool after_deadline) {
  if (!metadata.empty() && number > 0)
    throw UsageError(
        "give --attempt or --submission-metadata, not both: the metadata counts the attempts");
  Attempt attempt;
  if (!metadata.empty()) attempt = read_gradescope_attempt(metadata);
  if (number > 0) attempt.number = number;
  attempt.after_deadline = attempt.after_deadline || after_deadline;
  return attempt;
}

reports::View parse_view_option(const std::string& name) {
  const auto view = reports::parse_view(name);
  if (!view)
    throw UsageError(fmt::format(
        "--view {}: use learner (what the policy and the attempt allow) or staff (everything)",
        name));
  return *view;
}

}  // namespace

int run_grade_command(const Arguments& args) {
  std::string suite, timings, metadata, view = "learner";
  std::vector<std::string> formats;
  int attempt_number = 0;
  bool after_deadline = false;
  CommandLine command(
      "grade",
      "Usage: tinyllm-grade grade SUITE [options]\n\n"
      "Grades the GoogleTest/RapidCheck suite in the folder SUITE: compiles it once,\n"
      "runs it on the reference (three seeds) and on every wheat (a correct\n"
      "alternative implementation): a test failing on any of them is invalid; it is\n"
      "named and left out (--validity strict: the grade is INVALID). The valid tests\n"
      "then run on every mutant. The full grade (the default) scores the\n"
      "catalog's pitfalls and the generated mutants the grade counts (mutants made\n"
      "from the module's source; see `tinyllm-grade list`) together: PASS needs\n"
      "every pitfall detected and detected/graded >= the threshold (0.80).\n"
      "--mutants pitfalls grades the pitfalls alone. INVALID: the suite does not\n"
      "compile, or no valid test remains.\n\n"
      "What the learner's report says about a surviving mutant is the configuration's\n"
      "`reveal`. With reveal = \"ladder\" it rises with the attempt: a question, then\n"
      "the concept, then the symptom, then the mutant named (docs/reports.md);\n"
      "give the attempt with --attempt N, or --submission-metadata FILE on\n"
      "Gradescope. After the due date every survivor is named. --view staff shows\n"
      "everything, and what the learner's report shows.\n"
      "Exit status: 0 PASS, 1 FAIL, 2 INVALID, 3 usage or configuration error.",
      SharedOptions::Grading);
  command.add_options()("timings", po::value(&timings)->value_name("FILE"),
                        "also write the compile and run times as JSON (bench/grading uses it)")(
      "format", po::value(&formats)->multitoken()->value_name("NAME..."),
      fmt::format("reports to write: {} (default: reports.formats of the configuration, "
                  "terminal and json)",
                  reports::report_format_names())
          .c_str())("attempt", po::value(&attempt_number)->value_name("N"),
                    "this is the learner's Nth submission (1 = first): the hint ladder's rung")(
      "submission-metadata", po::value(&metadata)->value_name("FILE"),
      "Gradescope's submission_metadata.json: the attempt (previous submissions this grader "
      "graded, + 1) and the due date")("after-deadline", po::bool_switch(&after_deadline),
                                       "the due date has passed: every survivor is named")(
      "view", po::value(&view)->value_name("learner|staff"),
      "whose report: learner (default; the reveal policy and the attempt's hints) or staff "
      "(everything, and what the learner sees)");
  command.positional("suite", po::value(&suite), 1);
  if (!command.parse(args)) return 0;
  if (suite.empty()) throw UsageError("which suite? tinyllm-grade grade SUITE_FOLDER");
  if (!fs::is_directory(suite))
    throw UsageError(
        fmt::format("{} is not a folder: a suite is a folder of GoogleTest .cpp files", suite));
  if (attempt_number < 0) throw UsageError("--attempt N counts from 1 (the first submission)");
  const Attempt attempt = submission_attempt(metadata, attempt_number, after_deadline);
  const reports::View report_view = parse_view_option(view);
  if (!timings.empty() && fs::path(timings).has_parent_path() &&
      !fs::is_directory(fs::path(timings).parent_path()))
    throw UsageError(
        fmt::format("--timings {}: its folder does not exist; create it first", timings));

  GradingContext ctx = prepare_grading_context(command.common());
  // Every option is checked before the suite is compiled: a typo fails in a second, not after
  // the whole grade.
  reports::ReportOptions report_options = checked_report_options(formats, ctx.config);
  report_options.terminal = &std::cout;
  report_options.colour = stdout_is_terminal();
  report_options.view = report_view;
  const bool quiet = command.common().quiet;
  GradeRequest request = grade_request(ctx, fs::absolute(suite).lexically_normal(),
                                       fs::absolute(ctx.config.report_folder) / "suite-build");
  request.progress = progress_line(!quiet);
  GradeTimings timings_taken;
  reports::GradeResult result = grade_suite(request, &timings_taken);
  apply_feedback(ctx.config, attempt, result);
  end_progress_line(!quiet);
  for (const auto& file : reports::write_reports(result, report_options))
    if (!quiet) std::cerr << "tinyllm-grade: wrote " << file.string() << "\n";
  if (!timings.empty()) write_timings(result, timings_taken, ctx.config, timings);
  return exit_status(result.verdict);
}

}  // namespace tinyllm::runner
