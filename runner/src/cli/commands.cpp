// The one table of subcommands: add a line here for each run_<name>_command.
#include "cli/commands.hpp"

namespace tinyllm::runner {

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"start", "write a learner's workspace: the module's files to implement, then `check` it",
       run_start_command},
      {"check",
       "check a learner's workspace: the module against the oracle (course suite, differential "
       "check, diagnosis), then its tests by mutation",
       run_check_command},
      {"tests", "the course tests: what each checks and the pitfalls it catches",
       run_tests_command},
      {"diff", "once a workspace's module passes check: its code beside the reference's",
       run_diff_command},
      {"milestone",
       "MS-L11: a small Llama trained in float32 and the capstone's way (bf16, accumulation, "
       "checkpointing), on the reference's module or a workspace's; the verdict and plots",
       run_milestone_command},
      {"grade", "grade one suite: compile once, run on the reference and every variant",
       run_grade_command},
      {"selfcheck",
       "the course suite against the reference and every variant, checked against "
       "the catalog",
       run_selfcheck_command},
      {"list", "the mutants of the catalog", run_list_command},
      {"batch", "grade a class: one suite per subfolder, resumable, --shard K/N",
       run_batch_command},
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
  return table;
}

}  // namespace tinyllm::runner
