// The course suite's runs on a learner's module turned into per-test outcomes, from canned runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "check/course_on_module.hpp"

namespace tinyllm::runner {
namespace {

const std::vector<std::string> kListed = {"Course.b", "Course.a", "Course.c"};
const ScaledTimeout kTimeout = {5.3, 0.21};

std::string reproduce(std::uint64_t seed, const std::string& test) {
  return "rerun " + test + " " + std::to_string(seed);
}

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

// A run of `tests` (all of kListed by default) in which `failing` fail.
RunPiece finished(const std::vector<std::string>& failing,
                  const std::vector<std::string>& tests = kListed) {
  RunPiece piece;
  piece.expected = sorted(tests);
  piece.outcome.kind = failing.empty() ? RunOutcomeKind::Passed : RunOutcomeKind::TestsFailed;
  piece.outcome.failing_tests = failing;
  GtestResult result;
  for (const auto& name : tests) {
    TestOutcome t;
    t.name = name;
    t.failed = std::find(failing.begin(), failing.end(), name) != failing.end();
    if (t.failed) t.message = "failed";
    result.tests.push_back(t);
  }
  result.declared_tests = static_cast<long>(tests.size());
  piece.outcome.result = result;
  return piece;
}

// A run that ended early during `running` (empty: before any test), having printed `output`.
RunPiece ended(RunOutcomeKind kind, const std::string& running, const std::string& output) {
  RunPiece piece;
  piece.expected = sorted(kListed);
  piece.outcome.kind = kind;
  piece.outcome.signal = 11;
  piece.outcome.seconds = 5.3;
  piece.outcome.running_test = running;
  piece.run.output = output;
  return piece;
}

CourseSeedRun seed_run(std::uint64_t seed, std::vector<RunPiece> pieces,
                       std::vector<std::string> enders = {}) {
  CourseSeedRun run;
  run.seed = seed;
  run.run.pieces = std::move(pieces);
  run.run.enders = std::move(enders);
  return run;
}

CourseOutcomes outcomes(const std::vector<CourseSeedRun>& runs) {
  return course_outcomes(kListed, runs, {}, kTimeout, reproduce);
}

// Catches: seeds merged wrongly (a test failing with one seed only shown as passed, or its message
// and command taken from a later seed), or tests out of the suite's order.
TEST(CourseOutcomes, failures_over_seeds_keep_the_first_failing_seeds_message) {
  const auto out =
      outcomes({seed_run(7, {finished({"Course.a"})}),
                seed_run(1, {finished({"Course.a", "Course.c"})}), seed_run(2, {finished({})})});
  ASSERT_EQ(out.tests.size(), 3u);
  EXPECT_EQ(out.tests[0].test, "Course.b");
  EXPECT_TRUE(out.tests[0].passed);
  EXPECT_FALSE(out.tests[1].passed);
  EXPECT_EQ(out.tests[1].failed_seeds, (std::vector<std::uint64_t>{7, 1}));
  EXPECT_EQ(out.tests[1].reproduce, "rerun Course.a 7");
  EXPECT_EQ(out.tests[2].failed_seeds, (std::vector<std::uint64_t>{1}));
  EXPECT_TRUE(out.problems.empty());
  EXPECT_EQ(failing_with_seed(out.tests, 7), (std::vector<std::string>{"Course.a"}));
  EXPECT_EQ(failing_with_seed(out.tests, 1), (std::vector<std::string>{"Course.a", "Course.c"}));
}

// Catches: the tests after a crash counted as failed (a learner would chase bugs that do not
// exist), the crashing test not failed with how its run ended and what it printed, a run problem
// for a crash that has a test to blame, or the crash taken for a failed assertion (the diagnosis
// matches those against the known mutants' signatures).
TEST(CourseOutcomes, a_crash_fails_only_the_test_it_happened_in) {
  const auto out = outcomes({seed_run(
      7,
      {ended(RunOutcomeKind::Crashed, "Course.a",
             "[ RUN      ] Course.b\n[       OK ] Course.b (1 ms)\n[ RUN      ] Course.a\nboom\n"),
       finished({}, {"Course.b", "Course.c"})},
      {"Course.a"})});
  EXPECT_TRUE(out.problems.empty());
  EXPECT_TRUE(out.tests[0].passed);
  EXPECT_TRUE(out.tests[2].passed);
  ASSERT_FALSE(out.tests[1].passed);
  EXPECT_EQ(out.tests[1].ending, "crashed with SIGSEGV");
  EXPECT_NE(out.tests[1].message.find("with seed 7 it crashed with SIGSEGV"), std::string::npos)
      << out.tests[1].message;
  EXPECT_NE(out.tests[1].message.find("boom"), std::string::npos);
  EXPECT_EQ(out.tests[1].reproduce, "rerun Course.a 7");
  EXPECT_TRUE(failing_with_seed(out.tests, 7).empty());
}

// Catches: a timeout that does not say the limit and the reference's time it came from.
TEST(CourseOutcomes, a_timeout_says_the_limit_and_the_references_time) {
  const auto out = outcomes({seed_run(
      7, {ended(RunOutcomeKind::TimedOut, "Course.c", "[ RUN      ] Course.c\n"), finished({})},
      {"Course.c"})});
  ASSERT_FALSE(out.tests[2].passed);
  EXPECT_EQ(out.tests[2].ending,
            "did not finish within 5.3 s (the reference runs the whole course suite in 0.21 s)");
}

// Catches: a run that ends with no test to blame (before any test started) counted as passing the
// tests it never ran, or giving no run problem.
TEST(CourseOutcomes, a_run_that_ends_before_any_test_fails_them_all_and_is_a_problem) {
  const auto out = outcomes({seed_run(7, {ended(RunOutcomeKind::Crashed, "", "boom\n")})});
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0].what, "the course suite with seed 7");
  for (const auto& t : out.tests) {
    EXPECT_FALSE(t.passed) << t.test;
    EXPECT_NE(t.message.find("counts as failed for that seed"), std::string::npos) << t.message;
  }
}

// Catches: a run whose every test passed but whose exit status is not 0 (a global destructor
// crashing, exit() in the module) going unreported, or failing the tests.
TEST(CourseOutcomes, bad_exit_after_every_test_passed_is_a_problem_not_a_failure) {
  RunPiece piece = finished({});
  piece.outcome.kind = RunOutcomeKind::FailedExit;
  piece.outcome.exit_code = 3;
  const auto out = outcomes({seed_run(7, {piece})});
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0].ending, "exited with status 3 although every test passed");
  for (const auto& t : out.tests) EXPECT_TRUE(t.passed) << t.test;
}

}  // namespace
}  // namespace tinyllm::runner
