// The commands that grade one suite (`grade`), measure the course suite (`selfcheck`) and list the
// mutants (`list`).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "feedback/feedback.hpp"
#include "feedback/gradescope_metadata.hpp"
#include "grading/progress.hpp"
#include "grading/selfcheck.hpp"
#include "mutant_set/course_suite_summary.hpp"
#include "mutant_set/generated_set.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

// `tinyllm-grade grade SUITE`: grade one learner's suite.
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
  command.positional("suite", suite, "which suite? tinyllm-grade grade SUITE_FOLDER");
  if (!command.parse(args)) return 0;
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

// `tinyllm-grade selfcheck` (its --help says what it checks).
namespace {

// The line that says the course suite is valid: on which seeds and wheats every test passed.
std::string validity_line(const reports::GradeResult& result, const Config& config) {
  std::string seeds = std::to_string(result.seed), wheats;
  for (const std::uint64_t seed : config.reference_seeds) seeds += ", " + std::to_string(seed);
  for (const auto& w : result.wheats)
    wheats += fmt::format("{}{} ({})", wheats.empty() ? "" : ", ", w.id, w.title);
  return fmt::format(
      "selfcheck: valid: all {} tests pass on the reference (RapidCheck seeds {}) and on every "
      "wheat: {}",
      result.tests.size(), seeds, wheats.empty() ? "none in the catalog" : wheats);
}

}  // namespace

int run_selfcheck_command(const Arguments& args) {
  std::string suite;
  CommandLine command(
      "selfcheck",
      "Usage: tinyllm-grade selfcheck [options]\n\n"
      "Grades the course suite (properties/) with the same engine as learners' suites and checks\n"
      "it against the catalog: every test is valid (it passes on the reference with every\n"
      "reference seed and on every wheat), and each mutant is killed by\n"
      "every test its catalog entry's caught_by names. Prints the kill matrix (tests x mutants)\n"
      "and the pairs of mutants that the same tests kill. For the full set it then reports the\n"
      "course suite's score over the generated mutants per file and operator, and the ones it\n"
      "misses (measured at build time by `tinyllm-grade yardstick`): each must be answered\n"
      "for by a [[generated]] review in mutants/reviewed.toml (docs/mutants.md).\n"
      "Exit status: 0 consistent, 1 catalog and behaviour disagree, 2 the course suite is\n"
      "INVALID or misses a generated mutant no review answers for, 3 usage or configuration\n"
      "error.",
      SharedOptions::Grading);
  command.add_options()("suite", po::value(&suite)->value_name("DIR"),
                        "the course suite's folder (default: <source-dir>/properties)");
  if (!command.parse(args)) return 0;
  GradingContext ctx = prepare_grading_context(command.common());
  const fs::path suite_dir = suite.empty() ? ctx.source_dir / "properties" : fs::absolute(suite);
  if (!fs::is_directory(suite_dir))
    throw UsageError(fmt::format("{} is not a folder; pass --suite DIR", suite_dir.string()));
  GradeRequest request =
      grade_request(ctx, suite_dir, fs::absolute(ctx.config.report_folder) / "selfcheck-build");
  request.config.threshold = 1.0;  // the course suite must detect every mutant
  // Every course test must be valid: one that fails on a correct implementation is a bug.
  request.config.validity = reports::Validity::Strict;
  // The pitfalls only: the yardstick already ran the course suite on the generated mutants.
  request.config.mutant_set = reports::MutantSet::PitfallsOnly;
  std::erase_if(request.mutants,
                [](const auto& m) { return m.kind != reports::MutantKind::Pitfall; });
  request.progress = progress_line(!command.common().quiet);
  reports::GradeResult result = grade_suite(request);
  end_progress_line(!command.common().quiet);
  if (result.verdict == reports::Verdict::Invalid) {
    std::cout << reports::render_terminal_report(reports::for_reader(result, reports::View::Staff),
                                                 stdout_is_terminal());
    reports::write_reference_output(result, ctx.config.report_folder);  // the excerpt names it
    std::cerr << "selfcheck: the course suite is INVALID\n";
    return 2;
  }
  std::cout << validity_line(result, request.config) << "\n\n";
  write_kill_matrix(result, std::cout);
  SelfcheckReport report = check_against_catalog(result);
  if (!report.twins.empty()) {
    std::cout << "\nMutants killed by exactly the same tests (the suite cannot tell them apart):\n";
    for (const auto& [a, b] : report.twins) std::cout << "  " << a << " and " << b << "\n";
  }
  for (const auto& m : result.mutants)
    if (!reports::detected(m.status))
      report.disagreements.push_back(fmt::format("mutant {} ({}) survived the whole course suite",
                                                 m.mutant.id, m.mutant.title));
  std::vector<std::string> unanswered_ids;
  if (ctx.generated) {
    std::cout << "\n";
    write_course_suite_summary(*ctx.generated, true, std::cout);
    for (const GeneratedEntry& m : ctx.generated->mutants)
      if (unanswered(m)) unanswered_ids.push_back(m.info.id);
  }
  if (report.disagreements.empty() && unanswered_ids.empty()) {
    std::cout << fmt::format(
        "\nselfcheck: consistent: the reference passes all {} tests, and "
        "each of the {} mutants is killed by the tests the catalog names "
        "({:.1f} s)\n",
        result.tests.size(), result.mutants.size(), result.seconds);
    return 0;
  }
  std::cout << "\n";
  for (const auto& d : report.disagreements) std::cout << "selfcheck: DISAGREES: " << d << "\n";
  if (unanswered_ids.empty()) return 1;
  std::cout << fmt::format(
      "selfcheck: {} generated mutant{} the course suite misses and no review answers for: "
      "{}.\nFor each, add a course test that detects it (properties/, from the contract) or a "
      "[[generated]] review in mutants/reviewed.toml saying why no test should (docs/mutants.md, "
      "\"Answering for a missed mutant\").\n",
      unanswered_ids.size(), unanswered_ids.size() == 1 ? "" : "s",
      fmt::join(unanswered_ids, ", "));
  return 2;
}

// `tinyllm-grade list`: the pitfall mutants of the catalog, then the generated set.
namespace {

// Why a generated mutant is or is not in a learner's grade, in a few words.
std::string standing(const GeneratedEntry& m) {
  if (m.build == "left_out")
    return "not counted: left out of the schema library, " + m.left_out_because;
  if (m.review)
    return fmt::format("not counted: reviewed {} ({})", m.review->verdict, m.review->reason);
  if (!m.course) return "course suite not measured yet";
  if (!reports::detected(m.course->status)) return "not counted: the course suite misses it";
  return "counted";
}

void list_generated(const GradingContext& ctx, bool verbose) {
  const bool measured = std::filesystem::is_regular_file(course_suite_results_path(ctx.build_dir));
  const GeneratedSet set = load_generated_set(ctx.build_dir, ctx.source_dir, measured);
  std::map<std::string, std::map<std::string, int>> counts;
  for (const GeneratedEntry& m : set.mutants) ++counts[m.info.file][m.info.operator_name];
  const auto& c = set.counts;
  std::cout << fmt::format(
      "\nGenerated mutants: {} ({} left out of the schema library, {} reviewed, {} missed by "
      "the course suite, {} counted{})\n",
      c.raw, c.left_out, c.reviewed, c.course_undetected, c.counted,
      measured ? "" : "; the course suite is not measured yet: build target tinyllm-grader");
  for (const auto& [file, by_operator] : counts) {
    int total = 0;
    for (const auto& [op, n] : by_operator) total += n;
    std::cout << fmt::format("  {}  {}\n", file, total);
    for (const auto& [op, n] : by_operator) std::cout << fmt::format("    {:<32} {}\n", op, n);
  }
  if (!verbose) return;
  for (const GeneratedEntry& m : set.mutants)
    std::cout << fmt::format("{}  {}:{}:{}  {}\n     in {}\n     {}\n", m.info.id, m.info.file,
                             m.info.line_begin, m.info.column_begin, m.info.title, m.info.function,
                             standing(m));
}

}  // namespace

int run_list_command(const Arguments& args) {
  bool verbose = false;
  std::string build_dir;
  CommandLine command("list",
                      "Usage: tinyllm-grade list [options]\n\n"
                      "Lists the pitfall mutants of the catalog: id, whether a PASS requires it,\n"
                      "title, and (with --verbose) symptom, site and the course tests that catch\n"
                      "it. Then the generated mutants: how many per file and operator, and (with\n"
                      "--verbose) each one: id, location, change, function, and whether a grade\n"
                      "counts it or why not. With --mutants pitfalls, the pitfalls only.",
                      SharedOptions::Catalog);
  command.add_options()("verbose,v", po::bool_switch(&verbose),
                        "also symptom, site and caught_by; every generated mutant")(
      "build-dir", po::value(&build_dir)->value_name("DIR"),
      "the oracle's build folder (holds variants/generated.json)");
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  if (!build_dir.empty()) options.build_dir = build_dir;
  const GradingContext ctx = prepare_catalog_context(options);
  for (const auto& m : ctx.mutants) {
    std::cout << fmt::format("{}  {}  {}\n", m.id, m.required ? "required" : "optional", m.title);
    if (!verbose) continue;
    std::cout << fmt::format("     symptom:   {}\n     site:      {}:{}-{} ({})\n", m.symptom,
                             m.file, m.line_begin, m.line_end, m.function);
    std::cout << fmt::format("     caught by: {}\n", fmt::join(m.caught_by, ", "));
  }
  if (ctx.config.mutant_set == reports::MutantSet::Full) list_generated(ctx, verbose);
  return 0;
}

}  // namespace tinyllm::runner
