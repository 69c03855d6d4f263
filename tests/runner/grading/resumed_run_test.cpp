// Tests of resumed runs (resumed_run.hpp) with canned runs: a run goes on without the test that
// ended the last one, and stops where there is no test to go on without.
#include "grading/resumed_run.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tinyllm::runner {
namespace {

SandboxRun passed(const std::vector<std::string>& tests) {
  nlohmann::json suite = nlohmann::json::array();
  for (const auto& name : tests) suite.push_back({{"name", name.substr(2)}});  // "A.x": x
  SandboxRun run;
  run.result_json = nlohmann::json{{"tests", tests.size()},
                                   {"testsuites", {{{"name", "A"}, {"testsuite", suite}}}}}
                        .dump();
  return run;
}

SandboxRun crashed_during(const std::string& test, const std::string& output) {
  SandboxRun run;
  run.ending = RunEnding::Signaled;
  run.signal = 11;
  run.last_started_test = test;
  run.output = output;
  return run;
}

// Catches: a crash that ends the run for every test after it, a rerun that runs the crashing
// test again (it would crash again, forever) or forgets a test left out by the caller.
TEST(ResumedRun, goes_on_without_each_test_that_ended_a_run) {
  std::vector<std::vector<std::string>> seen;
  const ResumedRun r =
      run_resuming({"A.excluded"}, {"A.a", "A.b", "A.c"}, [&](const auto& arguments) {
        seen.push_back(arguments);
        if (seen.size() == 1) return crashed_during("A.a", "[ RUN      ] A.a\n");
        if (seen.size() == 2) return crashed_during("A.b", "[ RUN      ] A.b\n");
        return passed({"A.c"});
      });
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0], (std::vector<std::string>{"--gtest_filter=-A.excluded"}));
  EXPECT_EQ(seen[1], (std::vector<std::string>{"--gtest_filter=-A.a:A.excluded"}));
  EXPECT_EQ(seen[2], (std::vector<std::string>{"--gtest_filter=-A.a:A.b:A.excluded"}));
  EXPECT_EQ(r.enders, (std::vector<std::string>{"A.a", "A.b"}));
  EXPECT_EQ(r.last().outcome.kind, RunOutcomeKind::Passed);
  EXPECT_EQ(r.last().expected, (std::vector<std::string>{"A.c"}));
  EXPECT_EQ(r.enders[1], "A.b");
  EXPECT_EQ(r.pieces.size(), r.enders.size() + 1);  // the last piece has no ender
}

// Catches: a run that ends after its last test finished (a crash in a global destructor) blamed
// on that test and resumed, test after test, until every test has been blamed.
TEST(ResumedRun, stops_when_the_running_test_had_finished) {
  int runs = 0;
  const ResumedRun r = run_resuming({}, {}, [&](const auto&) {
    ++runs;
    return crashed_during("A.last", "[ RUN      ] A.last\n[       OK ] A.last (0 ms)\n");
  });
  EXPECT_EQ(runs, 1);
  EXPECT_TRUE(r.enders.empty());
  EXPECT_EQ(r.last().outcome.kind, RunOutcomeKind::Crashed);
}

// Catches: a program that ignores its filter (the same test ends every run) resumed forever, and
// a run that ends before any test resumed at all.
TEST(ResumedRun, stops_when_no_test_is_left_to_go_on_without) {
  int runs = 0;
  const ResumedRun ignores_filter = run_resuming({}, {}, [&](const auto&) {
    ++runs;
    return crashed_during("A.a", "");
  });
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(ignores_filter.enders, (std::vector<std::string>{"A.a"}));
  const ResumedRun before_any =
      run_resuming({}, {}, [](const auto&) { return crashed_during("", "boom\n"); });
  EXPECT_EQ(before_any.pieces.size(), 1u);
  EXPECT_TRUE(before_any.enders.empty());
}

// Catches: GoogleTest's summary lines ("[  FAILED  ] 2 tests, listed below") read as tests, or a
// failed test read as passed.
TEST(ResumedRun, reads_the_tests_a_runs_output_shows_finished) {
  const auto finished = finished_in_output(
      "[ RUN      ] A.a\n[       OK ] A.a (1 ms)\n[ RUN      ] A.b\n[  FAILED  ] A.b (2 ms)\n"
      "[  FAILED  ] 1 test, listed below:\n[ RUN      ] A.c\n");
  EXPECT_EQ(finished, (std::map<std::string, bool>{{"A.a", true}, {"A.b", false}}));
}

}  // namespace
}  // namespace tinyllm::runner
