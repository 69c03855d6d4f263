// Tests of how a run's ending becomes a status: only a complete, clean result passes.
#include "classify.hpp"

#include <gtest/gtest.h>
#include <signal.h>

using namespace tinyllm::runner;
using tinyllm::reports::MutantStatus;

namespace {
const std::string passing = R"({"tests": 1, "testsuites": [{"name": "A", "testsuite": [
  {"name": "t"}]}]})";
const std::string failing = R"({"tests": 1, "testsuites": [{"name": "A", "testsuite": [
  {"name": "t", "failures": [{"failure": "boom"}]}]}]})";

RunOutcome exited(int code, std::optional<std::string> json) {
  RunOutcome r;
  r.ending = RunEnding::Exited;
  r.exit_code = code;
  r.result_json = std::move(json);
  return r;
}
}  // namespace

TEST(Classify, clean_complete_run_survives) {
  EXPECT_EQ(classify_run(exited(0, passing), {"A.t"}, {}).status, MutantStatus::Survived);
}

TEST(Classify, failed_test_kills_and_is_named) {
  auto v = classify_run(exited(1, failing), {"A.t"}, {});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_EQ(v.failing_tests, std::vector<std::string>{"A.t"});
}

TEST(Classify, exit_zero_without_result_file_is_not_a_pass) {
  RunOutcome r = exited(0, std::nullopt);
  r.last_started_test = "A.t";
  auto v = classify_run(r, {"A.t"}, {});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_NE(v.reason.find("without GoogleTest's complete result file"), std::string::npos);
  EXPECT_EQ(v.failing_tests, std::vector<std::string>{"A.t"});
}

TEST(Classify, result_listing_other_tests_than_the_reference_is_not_a_pass) {
  auto v = classify_run(exited(0, passing), {"A.t", "B.u"}, {});
  EXPECT_EQ(v.status, MutantStatus::Killed);
}

TEST(Classify, nonzero_exit_with_all_tests_passing_is_not_a_pass) {
  EXPECT_EQ(classify_run(exited(3, passing), {"A.t"}, {}).status, MutantStatus::Killed);
}

TEST(Classify, crash_names_the_signal) {
  RunOutcome r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGSEGV;
  auto v = classify_run(r, {}, {});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_NE(v.reason.find("SIGSEGV"), std::string::npos) << v.reason;
}

TEST(Classify, timeout_is_its_own_status) {
  RunOutcome r;
  r.ending = RunEnding::TimedOut;
  EXPECT_EQ(classify_run(r, {}, {}).status, MutantStatus::Timeout);
}

TEST(Classify, cpu_limit_says_so) {
  RunOutcome r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGXCPU;
  EXPECT_NE(classify_run(r, {}, {}).reason.find("CPU time"), std::string::npos);
}
