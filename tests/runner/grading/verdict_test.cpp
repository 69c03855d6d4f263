// Tests of the verdict rule: INVALID only for a reason the engine wrote (invalid tests alone are
// not one); else PASS needs the threshold and every required mutant detected.
#include <gtest/gtest.h>

#include "grading/grade.hpp"

using namespace tinyllm::reports;
using tinyllm::runner::decide_verdict;
using tinyllm::runner::exit_status;

namespace {
GradeResult with_statuses(const std::vector<MutantStatus>& statuses, double threshold) {
  GradeResult r;
  r.threshold = threshold;
  int detected_count = 0;
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    MutantResult m;
    m.mutant.id = "s0" + std::to_string(i + 1);
    m.status = statuses[i];
    detected_count += detected(statuses[i]) ? 1 : 0;
    r.mutants.push_back(m);
  }
  r.score = static_cast<double>(detected_count) / static_cast<double>(statuses.size());
  return r;
}
}  // namespace

// Catches: a timed-out mutant counted as survived, failing a suite that detected it.
TEST(Verdict, timeouts_count_as_detected) {
  auto r = with_statuses({MutantStatus::Killed, MutantStatus::Timeout}, 1.0);
  EXPECT_EQ(decide_verdict(r), Verdict::Pass);
}

// Catches: a PASS on the score alone while a required mutant survives, or a non-required survivor
// failing the suite.
TEST(Verdict, surviving_required_mutant_fails_even_above_the_threshold) {
  auto r = with_statuses({MutantStatus::Killed, MutantStatus::Killed, MutantStatus::Survived}, 0.5);
  EXPECT_EQ(decide_verdict(r), Verdict::Fail);
  r.mutants[2].mutant.required = false;
  EXPECT_EQ(decide_verdict(r), Verdict::Pass);
}

// Catches: a PASS below the threshold when no required mutant survives.
TEST(Verdict, score_below_threshold_fails) {
  auto r = with_statuses({MutantStatus::Killed, MutantStatus::Survived}, 0.8);
  r.mutants[1].mutant.required = false;
  EXPECT_EQ(decide_verdict(r), Verdict::Fail);
}

// Catches: a grade with invalid tests (dropped per test, the rest graded) made INVALID by the
// invalid tests alone, so that one wrong test zeroes a learner again.
TEST(Verdict, invalid_tests_alone_do_not_make_the_grade_invalid) {
  auto r = with_statuses({MutantStatus::Killed}, 0.8);
  r.invalid_tests.push_back({"A.t", {{"reference", 1, "boom", "./suite"}}});
  EXPECT_EQ(decide_verdict(r), Verdict::Pass);
}

// Catches: a grade the engine found INVALID (every test invalid, strict policy with a test failing
// on the reference, a run with nothing to blame) graded PASS or FAIL on its score.
TEST(Verdict, a_reason_to_be_invalid_makes_it_invalid_whatever_the_score) {
  auto r = with_statuses({MutantStatus::Killed}, 0.8);
  r.validity = Validity::Strict;
  r.invalid_tests.push_back({"A.t", {{"reference", 1, "boom", "./suite"}}});
  r.invalid_reasons.emplace_back(
      "1 test fails on a correct implementation, and the policy is strict");
  EXPECT_EQ(decide_verdict(r), Verdict::Invalid);
}

// Catches: a NoCoverage mutant (no test reaches its site) counted as detected.
TEST(Verdict, a_required_mutant_no_test_reaches_fails) {
  auto r = with_statuses({MutantStatus::Killed, MutantStatus::NoCoverage}, 0.5);
  EXPECT_EQ(decide_verdict(r), Verdict::Fail);
}

// Catches: exit statuses that CI scripts rely on (0 PASS, 1 FAIL, 2 INVALID) swapped or changed.
TEST(Verdict, exit_statuses_are_zero_one_two) {
  EXPECT_EQ(exit_status(Verdict::Pass), 0);
  EXPECT_EQ(exit_status(Verdict::Fail), 1);
  EXPECT_EQ(exit_status(Verdict::Invalid), 2);
}
