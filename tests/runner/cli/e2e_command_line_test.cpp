// End-to-end tests of the command line: configuration mistakes reported at their line and column
// with status 3, usage errors, help, list, and selfcheck against a catalog.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "e2e_support.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

// Catches: a misspelt configuration key ignored, or reported without its file, line and column.
TEST(GraderCommandLine, unknown_configuration_key_is_an_error_at_its_line_and_column) {
  auto config = write_config("badkey", "threshold = 0.8\n[limits]\nmemroy_mb = 10\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(config.string() + ":3:1: unknown key 'memroy_mb'"), std::string::npos)
      << g.output;
}

// Catches: a threshold above 1 accepted from the configuration file.
TEST(GraderCommandLine, threshold_outside_zero_one_is_an_error) {
  auto config = write_config("badthreshold", "threshold = 1.5\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:13: 'threshold' must be in [0, 1]"), std::string::npos) << g.output;
}

// Catches: a value of the wrong type in the configuration file accepted or reported without its
// position.
TEST(GraderCommandLine, wrong_type_is_an_error) {
  auto config = write_config("badtype", "jobs = \"four\"\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:8: 'jobs' must be an integer, not a string"), std::string::npos)
      << g.output;
}

// Catches: a required list naming a mutant that does not exist accepted.
TEST(GraderCommandLine, unknown_required_mutant_is_an_error_at_its_position) {
  auto config = write_config("badid", "required = [\"s01\", \"s99\"]\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:20: unknown mutant id 's99'"), std::string::npos) << g.output;
}

// Catches: an unknown command, a malformed option or a missing suite given any status but 3 (usage
// error).
TEST(GraderCommandLine, unknown_command_and_bad_option_are_usage_errors) {
  EXPECT_EQ(run_grader({"gradee"}).status, 3);
  EXPECT_EQ(run_grader({"grade", "--jobs", "many", "x"}).status, 3);
  EXPECT_EQ(run_grader({"grade"}).status, 3);
}

// Catches: a command whose --help fails or prints no usage.
TEST(GraderCommandLine, every_command_has_help) {
  for (const char* command : {"grade", "selfcheck", "list"}) {
    Graded g = run_grader({command, "--help"});
    EXPECT_EQ(g.status, 0) << command;
    EXPECT_NE(g.output.find("Usage: tinyllm-grade"), std::string::npos) << command;
  }
  EXPECT_EQ(run_grader({"--help"}).status, 0);
}

// Catches: list missing a mutant, its required flag or its title.
TEST(GraderCommandLine, list_shows_the_catalog) {
  Graded g = run_grader({"list"});
  EXPECT_EQ(g.status, 0);
  EXPECT_NE(g.output.find("s07  required  weighting micro-batches 1/k"), std::string::npos)
      << g.output;
  EXPECT_NE(g.output.find("s24"), std::string::npos);
}

// Catches: `tests` not reaching the learner: a course test missing, its kind or its catalog pitfall
// not shown, or a failure exit.
TEST(GraderCommandLine, tests_lists_each_course_test_with_what_it_checks) {
  Graded g = run_grader({"tests"});
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("The course tests: 36 in"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("  Course.hand_example_bf16_matmul (hand example)\n"), std::string::npos)
      << g.output;
  EXPECT_NE(g.output.find("the catalog's test for: s01 not rounding the matmul output"),
            std::string::npos)
      << g.output;
  EXPECT_NE(g.output.find("  CourseErrors.bad_micro_batches (bad input)\n"), std::string::npos)
      << g.output;
}

// Catches: selfcheck rejecting a catalog that agrees with what the suite kills, or printing no kill
// matrix.
TEST(GraderSelfcheck, agreeing_catalog_passes_and_prints_the_kill_matrix) {
  Graded g =
      run_grader({"selfcheck", "--suite", (suites / "kills_some").string(), "--catalog",
                  (fs::path(TINYLLM_E2E_FIXTURES) / "catalog_kills_some.toml").string(), "-c",
                  hostile_config.string(), "-o", fresh_folder("selfcheck").string(), "-q"});
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("KillsSome.cast_keeps_float64"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("selfcheck: consistent"), std::string::npos);
  EXPECT_NE(g.output.find("selfcheck: valid: all 4 tests pass on the reference"), std::string::npos)
      << g.output;
}

// Catches: selfcheck dropping a course test that fails on a correct implementation (per test, as
// a learner's grade does) instead of refusing the course suite.
TEST(GraderSelfcheck, a_course_suite_with_an_invalid_test_is_invalid) {
  Graded g =
      run_grader({"selfcheck", "--suite", (suites / "some_tests_invalid").string(), "--catalog",
                  (fs::path(TINYLLM_E2E_FIXTURES) / "catalog_kills_some.toml").string(), "-c",
                  hostile_config.string(), "-o", fresh_folder("selfcheck").string(), "-q"});
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("Mixed.bf16_tie_rounds_up"), std::string::npos) << g.output;
  EXPECT_EQ(g.output.find("selfcheck: valid"), std::string::npos) << g.output;
}

// Catches: selfcheck accepting a catalog that names the wrong killing tests, or not saying which
// mutant and test disagree.
TEST(GraderSelfcheck, disagreeing_catalog_fails_naming_mutant_and_test) {
  Graded g = run_grader({"selfcheck", "--suite", (suites / "kills_some").string(), "--catalog",
                         (fs::path(TINYLLM_E2E_FIXTURES) / "catalog_disagrees.toml").string(), "-c",
                         hostile_config.string(), "-o", fresh_folder("selfcheck").string(), "-q"});
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("DISAGREES: mutant s04"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("KillsSome.bf16_matmul_rounds_its_output catches it"), std::string::npos)
      << g.output;
}
