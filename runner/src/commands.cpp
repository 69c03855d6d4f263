// The one table of subcommands: add a line here for each command_<name>.cpp.
#include "commands.hpp"

namespace tinyllm::runner {

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"grade", "grade one suite: compile once, run on the reference and every variant",
       run_grade_command},
      {"selfcheck",
       "the course suite against the reference and every variant, checked against "
       "the catalog",
       run_selfcheck_command},
      {"list", "the mutants of the catalog", run_list_command},
  };
  return table;
}

}  // namespace tinyllm::runner
