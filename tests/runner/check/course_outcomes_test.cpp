// The course suite's runs on a learner's module turned into per-test outcomes, from canned runs.
#include "check/course_outcomes.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tinyllm::runner {
namespace {

const std::vector<std::string> kListed = {"Course.b", "Course.a", "Course.c"};

std::string reproduce(std::uint64_t seed, const std::string& test) {
  return "rerun " + test + " " + std::to_string(seed);
}

CourseSeedRun failed(std::uint64_t seed, const std::vector<std::string>& failing) {
  CourseSeedRun run;
  run.seed = seed;
  run.outcome.kind = failing.empty() ? RunOutcomeKind::Passed : RunOutcomeKind::TestsFailed;
  run.outcome.failing_tests = failing;
  GtestResult result;
  for (const auto& name : kListed) {
    TestOutcome t;
    t.name = name;
    for (const auto& f : failing)
      if (f == name) {
        t.failed = true;
        t.message = "failed with seed " + std::to_string(seed);
      }
    result.tests.push_back(t);
  }
  result.declared_tests = static_cast<long>(kListed.size());
  run.outcome.result = result;
  return run;
}

// Catches: seeds merged wrongly (a test failing with one seed only shown as passed, or its message
// and command taken from a later seed), or tests out of the suite's order.
TEST(CourseOutcomes, failures_over_seeds_keep_the_first_failing_seeds_message) {
  const auto out = course_outcomes(
      kListed, {failed(7, {"Course.a"}), failed(1, {"Course.a", "Course.c"}), failed(2, {})}, {},
      reproduce);
  ASSERT_EQ(out.tests.size(), 3u);
  EXPECT_EQ(out.tests[0].test, "Course.b");
  EXPECT_TRUE(out.tests[0].passed);
  EXPECT_FALSE(out.tests[1].passed);
  EXPECT_EQ(out.tests[1].failed_seeds, (std::vector<std::uint64_t>{7, 1}));
  EXPECT_EQ(out.tests[1].message, "failed with seed 7");
  EXPECT_EQ(out.tests[1].reproduce, "rerun Course.a 7");
  EXPECT_EQ(out.tests[2].failed_seeds, (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(out.tests[2].message, "failed with seed 1");
  EXPECT_TRUE(out.problems.empty());
  EXPECT_EQ(failing_with_seed(out.tests, 7), (std::vector<std::string>{"Course.a"}));
  EXPECT_EQ(failing_with_seed(out.tests, 1), (std::vector<std::string>{"Course.a", "Course.c"}));
}

// Catches: a crashed run counted as passing the tests it never finished, not naming the test it
// crashed in, or giving no run problem.
TEST(CourseOutcomes, crash_fails_the_running_and_unfinished_tests_and_is_a_problem) {
  CourseSeedRun run;
  run.seed = 7;
  run.outcome.kind = RunOutcomeKind::Crashed;
  run.outcome.signal = 11;
  run.outcome.running_test = "Course.a";
  run.output = "[ RUN      ] Course.b\n[       OK ] Course.b (1 ms)\n[ RUN      ] Course.a\nboom\n";
  const auto out = course_outcomes(kListed, {run}, {}, reproduce);
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0].what, "the course suite with seed 7");
  EXPECT_EQ(out.problems[0].ending, "crashed with SIGSEGV during Course.a");
  EXPECT_TRUE(out.tests[0].passed);  // it finished before the crash
  EXPECT_FALSE(out.tests[1].passed);
  EXPECT_NE(out.tests[1].message.find("crashed with SIGSEGV during Course.a"), std::string::npos);
  EXPECT_NE(out.tests[1].message.find("boom"), std::string::npos);
  EXPECT_FALSE(out.tests[2].passed);
  EXPECT_NE(out.tests[2].message.find("counts as failed for that seed"), std::string::npos)
      << out.tests[2].message;
}

// Catches: a run whose every test passed but whose exit status is not 0 (a global destructor
// crashing, exit() in the module) going unreported, or failing the tests.
TEST(CourseOutcomes, bad_exit_after_every_test_passed_is_a_problem_not_a_failure) {
  CourseSeedRun run = failed(7, {});
  run.outcome.kind = RunOutcomeKind::FailedExit;
  run.outcome.exit_code = 3;
  const auto out = course_outcomes(kListed, {run}, {}, reproduce);
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0].ending, "exited with status 3 although every test passed");
  for (const auto& t : out.tests) EXPECT_TRUE(t.passed) << t.test;
}

}  // namespace
}  // namespace tinyllm::runner
