// `tinyllm-grade selfcheck`: the course suite against the reference and every variant, checked
// against the catalog, with the kill matrix.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "grading/progress.hpp"
#include "grading/selfcheck.hpp"
#include "mutant_set/course_suite_summary.hpp"
#include "mutant_set/generated_set.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

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

}  // namespace tinyllm::runner
