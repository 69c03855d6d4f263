// A suite of valid and invalid tests. Two valid tests kill s01 and s02. Two invalid ones fail on
// the reference: one expects a bf16 tie to round up (it rounds to even), one aborts. Each would
// "kill" every mutant if it ran on them; filtered out, they kill nothing, and the grade counts
// the valid tests alone (2 of 24 detected: FAIL), naming the invalid ones.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

TEST(Mixed, bf16_matmul_rounds_its_output) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0);
}

TEST(Mixed, bf16_tie_rounds_up) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0078125);  // wrong: ties round to even, to 1.0
}

TEST(Mixed, cast_rounds_its_gradient) {
  auto x = Tensor::from({1.0}, {1}, DType::f32);
  x.requires_grad_();
  tinyllm::train::cast(x, "bf16").backward(Tensor::from({1.01}, {1}, DType::f32));
  EXPECT_EQ(x.grad().values()[0], 1.0078125);
}

TEST(Mixed, aborts) {
  std::abort();
}
