// tinyllm-grade: grades learners' GoogleTest/RapidCheck suites by mutation against the tinyllm
// oracle. The one place that turns exceptions into exit statuses (3: usage or configuration).
#include <fmt/format.h>

#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "config/build_info.hpp"
#include "config/errors.hpp"

namespace {

using namespace tinyllm::runner;

// The one table of subcommands, in the order --help lists them.
const Subcommand kSubcommands[] = {
    {"start", "write a learner's workspace: the module's files to implement, then `check` it",
     run_start_command},
    {"check",
     "check a learner's workspace: the module against the oracle (course suite, differential "
     "check, diagnosis), then its tests by mutation",
     run_check_command},
    {"tests", "the course tests: what each checks and the pitfalls it catches", run_tests_command},
    {"diff", "once a workspace's module passes check: its code beside the reference's",
     run_diff_command},
    {"milestone",
     "MS-L11: a small Llama trained in float32 and the capstone's way (bf16, accumulation, "
     "checkpointing), on the reference's module or a workspace's; the verdict and plots",
     run_milestone_command},
    {"grade", "grade one suite: compile once, run on the reference and every variant",
     run_grade_command},
    {"selfcheck",
     "the course suite against the reference and every variant, checked against the catalog",
     run_selfcheck_command},
    {"list", "the mutants of the catalog", run_list_command},
    {"batch", "grade a class: one suite per subfolder, resumable, --shard K/N", run_batch_command},
    {"merge", "join the output folders of batch shards into one class report", run_merge_command},
    {"gradescope-bundle", "write a Gradescope autograder (setup.sh, run_autograder) to upload",
     run_gradescope_bundle_command},
    {"yardstick",
     "the course suite on every generated mutant (the build runs it): which ones a grade counts",
     run_yardstick_command},
    {"behaviours",
     "every known mutant on the differential check's sample (the build runs it): what check's "
     "diagnosis compares a module with",
     run_behaviours_command},
};

void print_help(std::ostream& out) {
  out << "Usage: tinyllm-grade <command> [options]\n\n"
         "Grades a GoogleTest/RapidCheck suite written against <tinyllm/tinyllm.hpp> by mutation:\n"
         "its valid tests (those that pass on the reference with every seed and on every wheat,\n"
         "a correct alternative implementation) must fail on the mutants: the 24 pitfalls and the\n"
         "generated mutants. A mutant whose code no valid test runs is NoCoverage (not run).\n"
         "A learner who writes the module too works in a workspace: `start DIR` writes it,\n"
         "`check DIR` checks their module against the oracle and grades their tests.\n\n"
         "Commands:\n";
  for (const auto& c : kSubcommands) out << fmt::format("  {:<18} {}\n", c.name, c.summary);
  out << "\n`tinyllm-grade <command> --help` lists a command's options.\n"
         "Exit status: 0 PASS, 1 FAIL, 2 INVALID, 3 usage or configuration error.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 3 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "tinyllm-grade " << build_info::version << "\n";
    return 0;
  }
  for (const auto& c : kSubcommands) {
    if (args[0] != c.name) continue;
    try {
      return c.run(Arguments(args.begin() + 1, args.end()));
    } catch (const UsageError& e) {
      std::cerr << "tinyllm-grade " << c.name << ": error: " << e.what() << "\n";
      return 3;
    } catch (const std::exception& e) {
      std::cerr << "tinyllm-grade " << c.name << ": the grader could not finish: " << e.what()
                << "\n";
      return 3;
    }
  }
  std::cerr << "tinyllm-grade: unknown command '" << args[0]
            << "'; the commands are listed by `tinyllm-grade --help`\n";
  return 3;
}
