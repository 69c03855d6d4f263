// `tinyllm-grade check DIR`: the learner's module checked against the oracle (the course suite on
// it, the differential check against the reference, the diagnosis of its failures), then the
// workspace's own tests graded by mutation, and one verdict for both.
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "check/check.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "grading/progress.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/check_report.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_check_command(const Arguments& args) {
  std::string workspace;
  CommandLine command(
      "check",
      "Usage: tinyllm-grade check DIR [options]\n\n"
      "Checks the learner's workspace DIR (made by `tinyllm-grade start DIR`):\n"
      "  1. builds your module (DIR/src, with your headers DIR/include) on the oracle's\n"
      "     foundation (tensor, autograd, layers, optimizers, rounding, memory,\n"
      "     checkpoint_schedule) into a library of its own;\n"
      "  2. runs the course suite on it with the grading seed and the reference seeds,\n"
      "     and reports each course test with its message;\n"
      "  3. compares it with the reference on generated inputs (the differential\n"
      "     check): bit for bit where the contract makes a result exact, to its\n"
      "     tolerance elsewhere, showing the smallest input that differs;\n"
      "  4. diagnoses by behaviour: runs your module and every known mutant (the 24\n"
      "     pitfalls, the generated mutants) on the same 100 inputs per area and names\n"
      "     each mutant that behaves exactly like your module (one per bug, several at\n"
      "     once), or says per area that none does; the failing course tests' likeness\n"
      "     to a mutant's is shown as a hint only;\n"
      "  5. grades your tests (DIR/tests) by mutation, exactly as `tinyllm-grade grade`.\n"
      "Everything that runs your code runs in the grader's sandbox.\n"
      "Writes the terminal report and DIR/check-report/check.json (--output FOLDER).\n\n"
      "Workflow: tinyllm-grade start DIR; edit DIR/src and DIR/tests;\n"
      "          tinyllm-grade check DIR; repeat until PASS;\n"
      "          then tinyllm-grade diff DIR shows the reference's code beside yours.\n\n"
      "Exit status: 0 PASS (the module passes the course suite and the differential\n"
      "check, and your tests, if any, PASS), 1 FAIL, 2 INVALID (the module passes but\n"
      "your tests' grade is INVALID), 3 the workspace cannot be checked: not a\n"
      "workspace, a module file missing, the module does not compile or link (which\n"
      "contract function is wrong), or a usage or configuration error.",
      SharedOptions::Grading);
  command.positional("workspace", po::value(&workspace), 1);
  if (!command.parse(args)) return 0;
  if (workspace.empty())
    throw UsageError(
        "which workspace? tinyllm-grade check DIR (make one with `tinyllm-grade start DIR`)");

  CheckRequest request;
  request.workspace = open_workspace(workspace);
  request.context = prepare_grading_context(command.common());
  request.report_folder = command.common().output.empty() ? request.workspace.root / "check-report"
                                                          : fs::path(command.common().output);
  request.show_progress = !command.common().quiet;
  // The learner reads both reports: shaped once for them (audience.hpp).
  const reports::CheckResult result = reports::for_reader(check_workspace(request));

  std::cout << reports::render_check_terminal(result, stdout_is_terminal());
  fs::create_directories(request.report_folder);
  const fs::path json = request.report_folder / "check.json";
  std::ofstream(json) << reports::render_check_json(result);
  if (!command.common().quiet) std::cerr << "tinyllm-grade: wrote " << json.string() << "\n";
  return exit_status(result.verdict);
}

}  // namespace tinyllm::runner
