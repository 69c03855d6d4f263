// The subcommands of tinyllm-grade, in three files by who runs them (learner_commands.cpp,
// grading_commands.cpp, class_commands.cpp), each listed once in the table in main.cpp. A
// subcommand gets the arguments after its name and returns the exit status (0 PASS, 1 FAIL, 2
// INVALID); usage errors are thrown as UsageError (status 3).
#pragma once
#include <string>
#include <vector>

namespace tinyllm::runner {

using Arguments = std::vector<std::string>;

struct Subcommand {
  const char* name;
  const char* summary;  // one line for the program's --help
  int (*run)(const Arguments& args);
};

int run_grade_command(const Arguments& args);
int run_check_command(const Arguments& args);
int run_selfcheck_command(const Arguments& args);
int run_list_command(const Arguments& args);
int run_batch_command(const Arguments& args);
int run_merge_command(const Arguments& args);
int run_gradescope_bundle_command(const Arguments& args);
int run_yardstick_command(const Arguments& args);
int run_behaviours_command(const Arguments& args);
int run_start_command(const Arguments& args);
int run_tests_command(const Arguments& args);
int run_diff_command(const Arguments& args);
int run_milestone_command(const Arguments& args);

}  // namespace tinyllm::runner
