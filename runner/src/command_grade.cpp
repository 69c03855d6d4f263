// `tinyllm-grade grade SUITE`: grade one learner's suite.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "commands.hpp"
#include "errors.hpp"
#include "grade.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "tinyllm/reports/write_reports.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// Writes where the time of a grade went: the benchmark's lower bound is compile + runs / jobs.
void write_timings(const reports::GradeResult& r, const GradeTimings& t, const Config& config,
                   const fs::path& file) {
  nlohmann::json j;
  j["total_seconds"] = r.seconds;
  j["compile_seconds"] = t.compile_seconds;
  j["reference_seconds"] = t.reference_seconds;
  j["jobs"] = config.jobs > 0 ? config.jobs : static_cast<int>(std::thread::hardware_concurrency());
  nlohmann::json mutants = nlohmann::json::object();
  for (const auto& m : r.mutants) mutants[m.mutant.id] = m.seconds;
  j["mutant_seconds"] = mutants;
  j["verdict"] = reports::to_string(r.verdict);
  std::ofstream(file) << j.dump(2) << "\n";
}

// Returns the report options: the formats named on the command line, else the configuration's.
reports::ReportOptions report_options(const std::vector<std::string>& formats,
                                      const Config& config) {
  reports::ReportOptions options;
  for (const std::string& name : formats.empty() ? config.report_formats : formats) {
    try {
      options.formats.push_back(reports::parse_report_format(name));
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("grade: --format {}: {}", name, e.what()));
    }
  }
  options.output_folder = config.report_folder;
  options.terminal = &std::cout;
  options.colour = stdout_is_terminal();
  return options;
}

}  // namespace

int run_grade_command(const Arguments& args) {
  CommonOptions common;
  std::string suite, timings;
  std::vector<std::string> formats;
  bool help = false;
  po::options_description visible(
      "Usage: tinyllm-grade grade SUITE [options]\n\n"
      "Grades the GoogleTest/RapidCheck suite in the folder SUITE.\n"
      "Exit status: 0 PASS, 1 FAIL, 2 INVALID, 3 usage or "
      "configuration error.\n\nOptions");
  visible.add_options()("help,h", po::bool_switch(&help), "this help")(
      "timings", po::value(&timings)->value_name("FILE"),
      "also write the compile and run times as JSON (bench/grading uses it)")(
      "format", po::value(&formats)->multitoken()->value_name("NAME..."),
      "reports to write: terminal, json, html, markdown, junit, gradescope (default: "
      "reports.formats of the configuration, terminal and json)");
  visible.add(common_options(common));
  po::options_description all;
  all.add(visible).add_options()("suite", po::value(&suite));
  po::positional_options_description positional;
  positional.add("suite", 1);
  parse_command_line("grade", args, all, positional);
  if (help) {
    std::cout << visible << "\n";
    return 0;
  }
  if (suite.empty()) throw UsageError("grade: which suite? tinyllm-grade grade SUITE_FOLDER");
  if (!fs::is_directory(suite))
    throw UsageError(
        fmt::format("grade: {} is not a folder: a suite is a folder of GoogleTest "
                    ".cpp files",
                    suite));

  GradingContext ctx = prepare_context(common, true);
  if (!ctx.isolation_note.empty())
    std::cerr << "tinyllm-grade: note: " << ctx.isolation_note << "\n";
  GradeRequest request;
  request.config = ctx.config;
  request.mutants = ctx.mutants;
  request.suite_dir = fs::absolute(suite).lexically_normal();
  request.work_dir = fs::absolute(ctx.config.report_folder) / "suite-build";
  request.build_dir = ctx.build_dir;
  request.source_dir = ctx.source_dir;
  request.toolchain = ctx.toolchain;
  request.isolation = ctx.isolation;
  request.progress = progress_line(!common.quiet);
  GradeTimings timings_taken;
  reports::GradeResult result = grade_suite(request, &timings_taken);
  end_progress_line(!common.quiet);
  const auto options = report_options(formats, ctx.config);
  for (const auto& file : reports::write_reports(result, options))
    if (!common.quiet) std::cerr << "tinyllm-grade: wrote " << file.string() << "\n";
  if (!timings.empty()) write_timings(result, timings_taken, ctx.config, timings);
  return exit_status(result.verdict);
}

}  // namespace tinyllm::runner
