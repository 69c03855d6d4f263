// Tests of how a run's ending becomes an outcome, and an outcome a status and reason: only a
// complete, clean result passes.
#include "grading/classify.hpp"

#include <gtest/gtest.h>
#include <signal.h>

using namespace tinyllm::runner;
using tinyllm::reports::MutantStatus;

namespace {
const std::string passing = R"({"tests": 1, "testsuites": [{"name": "A", "testsuite": [
  {"name": "t"}]}]})";
const std::string failing = R"({"tests": 1, "testsuites": [{"name": "A", "testsuite": [
  {"name": "t", "failures": [{"failure": "boom"}]}]}]})";

SandboxRun exited(int code, std::optional<std::string> json) {
  SandboxRun r;
  r.ending = RunEnding::Exited;
  r.exit_code = code;
  r.result_json = std::move(json);
  return r;
}

// What a report says about a mutant whose run went as `run`.
MutantVerdict classify(const SandboxRun& run, const std::vector<std::string>& expected,
                       const ResourceLimits& limits = {}) {
  return mutant_verdict(classify_run(run, expected), limits);
}
}  // namespace

TEST(Classify, clean_complete_run_survives) {
  EXPECT_EQ(classify(exited(0, passing), {"A.t"}).status, MutantStatus::Survived);
}

TEST(Classify, failed_test_kills_and_is_named) {
  auto v = classify(exited(1, failing), {"A.t"});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_EQ(v.killed_by, std::vector<std::string>{"A.t"});
}

TEST(Classify, exit_zero_without_result_file_is_not_a_pass) {
  SandboxRun r = exited(0, std::nullopt);
  r.last_started_test = "A.t";
  auto v = classify(r, {"A.t"});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_NE(v.reason.find("without GoogleTest's complete result file"), std::string::npos);
  EXPECT_EQ(v.killed_by, std::vector<std::string>{"A.t"});
}

TEST(Classify, result_listing_other_tests_than_the_reference_is_not_a_pass) {
  auto v = classify(exited(0, passing), {"A.t", "B.u"});
  EXPECT_EQ(v.status, MutantStatus::Killed);
}

TEST(Classify, nonzero_exit_with_all_tests_passing_is_not_a_pass) {
  EXPECT_EQ(classify(exited(3, passing), {"A.t"}).status, MutantStatus::Killed);
}

TEST(Classify, crash_names_the_signal) {
  SandboxRun r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGSEGV;
  auto v = classify(r, {});
  EXPECT_EQ(v.status, MutantStatus::Killed);
  EXPECT_NE(v.reason.find("SIGSEGV"), std::string::npos) << v.reason;
}

TEST(Classify, timeout_is_its_own_status) {
  SandboxRun r;
  r.ending = RunEnding::TimedOut;
  EXPECT_EQ(classify(r, {}).status, MutantStatus::Timeout);
}

TEST(Classify, cpu_limit_says_so) {
  SandboxRun r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGXCPU;
  EXPECT_NE(classify(r, {}).reason.find("CPU time"), std::string::npos);
}

// Catches: the outcome model changing the words users read in reports (the e2e tests and
// learners' reports rely on these reasons, kind by kind).
TEST(Classify, each_outcome_keeps_its_reason_words) {
  ResourceLimits limits;
  limits.cpu_seconds = 7;
  limits.file_size_mb = 3;
  limits.output_mb = 1;
  auto reason_of = [&](const SandboxRun& run, const std::vector<std::string>& expected = {}) {
    return classify(run, expected, limits).reason;
  };
  SandboxRun r;
  r.last_started_test = "A.t";
  r.seconds = 6.25;
  r.ending = RunEnding::TimedOut;
  EXPECT_EQ(reason_of(r), "timed out after 6.2 s during A.t");
  r.ending = RunEnding::OutputLimit;
  EXPECT_EQ(reason_of(r), "printed more than 1 MB during A.t");
  r.ending = RunEnding::Signaled;
  r.signal = SIGXCPU;
  EXPECT_EQ(reason_of(r), "used more than 7 s of CPU time (SIGXCPU) during A.t");
  r.signal = SIGXFSZ;
  EXPECT_EQ(reason_of(r), "wrote a file larger than 3 MB (SIGXFSZ) during A.t");
  r.signal = SIGABRT;
  EXPECT_EQ(reason_of(r), "crashed with SIGABRT during A.t");
  r = exited(2, std::nullopt);
  EXPECT_EQ(reason_of(r), "exited with status 2 without GoogleTest's complete result file");
  EXPECT_EQ(reason_of(exited(1, failing)), "1 test failed: A.t");
  EXPECT_EQ(reason_of(exited(0, passing), {"A.t", "B.u"}),
            "GoogleTest's result lists 1 tests, not the reference run's 2");
  EXPECT_EQ(reason_of(exited(4, passing), {"A.t"}),
            "exited with status 4 although every test passed");
  EXPECT_EQ(reason_of(exited(0, passing), {"A.t"}), "every test passed");
}

// Catches: an outcome decided from the reason's words: a crash during a test whose name says
// "failed" must stay a crash, and its killer a running test, not a failed one.
TEST(Classify, crash_during_a_test_named_failed_is_a_crash) {
  SandboxRun r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGSEGV;
  r.last_started_test = "Parser.failed_input";
  RunOutcome o = classify_run(r, {});
  EXPECT_EQ(o.kind, RunOutcomeKind::Crashed);
  EXPECT_EQ(o.running_test, "Parser.failed_input");
  MutantVerdict v = mutant_verdict(o, {});
  EXPECT_FALSE(v.killed_by_failed_tests);
  EXPECT_EQ(v.killed_by, std::vector<std::string>{"Parser.failed_input"});
  EXPECT_TRUE(mutant_verdict(classify_run(exited(1, failing), {"A.t"}), {}).killed_by_failed_tests);
}

// Catches: a limit's signal read as an ordinary crash (the report would say "crashed with
// SIGXCPU" and hide that the CPU limit stopped it).
TEST(Classify, limit_signals_are_stopped_at_a_limit) {
  SandboxRun r;
  r.ending = RunEnding::Signaled;
  r.signal = SIGXCPU;
  RunOutcome o = classify_run(r, {});
  EXPECT_EQ(o.kind, RunOutcomeKind::StoppedAtLimit);
  EXPECT_EQ(o.limit, RunLimit::CpuTime);
  r.signal = SIGXFSZ;
  EXPECT_EQ(classify_run(r, {}).limit, RunLimit::FileSize);
  r.ending = RunEnding::OutputLimit;
  EXPECT_EQ(classify_run(r, {}).limit, RunLimit::Output);
}

// Catches: a run that is anything but clean counted as a pass of the reference (the grader reads
// "the reference passed" from the outcome kind alone).
TEST(Classify, only_a_clean_complete_run_is_passed) {
  EXPECT_EQ(classify_run(exited(0, passing), {}).kind, RunOutcomeKind::Passed);
  EXPECT_EQ(classify_run(exited(0, std::nullopt), {}).kind, RunOutcomeKind::IncompleteResult);
  EXPECT_EQ(classify_run(exited(1, passing), {}).kind, RunOutcomeKind::FailedExit);
  EXPECT_EQ(classify_run(exited(1, failing), {}).kind, RunOutcomeKind::TestsFailed);
  EXPECT_EQ(classify_run(exited(0, passing), {"B.u"}).kind, RunOutcomeKind::OtherTests);
}
