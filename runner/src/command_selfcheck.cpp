// `tinyllm-grade selfcheck`: the course suite against the reference and every variant, checked
// against the catalog, with the kill matrix.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "compile.hpp"
#include "errors.hpp"
#include "grade.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "selfcheck.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_selfcheck_command(const Arguments& args) {
  CommonOptions common;
  std::string suite;
  bool help = false;
  po::options_description visible(
      "Usage: tinyllm-grade selfcheck [options]\n\n"
      "Grades the course suite (properties/) with the same engine as learners' suites and checks\n"
      "it against the catalog: the reference passes every test, and each mutant is killed by\n"
      "every test its catalog entry's caught_by names. Prints the kill matrix (tests x mutants)\n"
      "and the pairs of mutants that the same tests kill.\n"
      "Exit status: 0 consistent, 1 catalog and behaviour disagree, 2 the course suite is\n"
      "INVALID, 3 usage or configuration error.\n\nOptions");
  visible.add_options()("help,h", po::bool_switch(&help), "this help")(
      "suite", po::value(&suite)->value_name("DIR"),
      "the course suite's folder (default: <source-dir>/properties)");
  visible.add(common_options(common));
  parse_command_line("selfcheck", args, visible, {});
  if (help) {
    std::cout << visible << "\n";
    return 0;
  }
  GradingContext ctx = prepare_context(common, true);
  if (!ctx.isolation_note.empty())
    std::cerr << "tinyllm-grade: note: " << ctx.isolation_note << "\n";
  GradeRequest request;
  request.config = ctx.config;
  request.config.threshold = 1.0;  // the course suite must detect every mutant
  request.mutants = ctx.mutants;
  request.suite_dir = suite.empty() ? ctx.source_dir / "properties" : fs::absolute(suite);
  if (!fs::is_directory(request.suite_dir))
    throw UsageError(
        fmt::format("selfcheck: {} is not a folder; pass --suite DIR", request.suite_dir.string()));
  request.work_dir = fs::absolute(ctx.config.report_folder) / "selfcheck-build";
  request.build_dir = ctx.build_dir;
  request.source_dir = ctx.source_dir;
  request.toolchain = ctx.toolchain;
  request.isolation = ctx.isolation;
  request.progress = progress_line(!common.quiet);
  reports::GradeResult result = grade_suite(request);
  end_progress_line(!common.quiet);
  if (result.verdict == reports::Verdict::Invalid) {
    std::cout << reports::render_terminal_report(result, stdout_is_terminal());
    reports::write_reference_output(result, ctx.config.report_folder);  // the excerpt names it
    std::cerr << "selfcheck: the course suite is INVALID\n";
    return 2;
  }
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
  if (report.disagreements.empty()) {
    std::cout << fmt::format(
        "\nselfcheck: consistent: the reference passes all {} tests, and "
        "each of the {} mutants is killed by the tests the catalog names "
        "({:.1f} s)\n",
        result.tests.size(), result.mutants.size(), result.seconds);
    return 0;
  }
  std::cout << "\n";
  for (const auto& d : report.disagreements) std::cout << "selfcheck: DISAGREES: " << d << "\n";
  return 1;
}

}  // namespace tinyllm::runner
