// Hostile suite: a test that fails whenever the run does not run every test of the suite, after
// reaching the code of the casts and the matmul. A grader that runs each mutant with only the
// tests that reach it (docs/grading.md, "Each mutant runs the tests that reach it") and trusts
// those runs would count every such mutant killed; the grader must find that the suite fails on
// the reference with those tests alone, and grade the mutants with every test.
#include <gtest/gtest.h>

#include <cmath>
#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

TEST(FailsWhenNarrowed, all_tests_run) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  (void)tinyllm::matmul(tinyllm::train::cast(a, "bf16"), b);
  const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
  EXPECT_EQ(unit.test_to_run_count(), unit.total_test_count());
}

// An honest test, reaching other code (the loss scaler), which the first does not.
TEST(FailsWhenNarrowed, scaler_starts_at_its_initial_scale) {
  tinyllm::train::DynamicLossScaler scaler;
  EXPECT_EQ(scaler.loss_scale(), 65536.0);
}
