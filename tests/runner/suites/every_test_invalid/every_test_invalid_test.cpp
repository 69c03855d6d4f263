// A suite whose every test fails on the reference: no valid test remains to grade the mutants
// with, so the grade is INVALID (per test as strictly), naming each test.
#include <gtest/gtest.h>

#include <cmath>
#include <tinyllm/tinyllm.hpp>

using tinyllm::Tensor;

TEST(AllWrong, bf16_tie_rounds_up) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0078125);  // wrong: ties round to even, to 1.0
}

TEST(AllWrong, plain_matmul_is_rounded) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0);  // wrong: outside autocast nothing is rounded
}
