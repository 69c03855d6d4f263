// My tests for the bf16 emulation.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

using tinyllm::Tensor;

// 1.01 is stored as the nearest bf16 value, 1 + 2^-7.
TEST(Rounding, NearestValue) {
  EXPECT_EQ(tinyllm::train::cast(Tensor::from({1.01}, {1}), "bf16").item(), 1.0078125);
}

// 1 + 2^-8 is halfway between 1 and 1 + 2^-7; I expect it to round up.
// (Wrong: bf16 rounds ties to even, and the reference returns 1.0.)
TEST(Rounding, TieRoundsUp) {
  auto bf16 = tinyllm::train::autocast_bf16();
  const Tensor y =
      tinyllm::matmul(Tensor::from({1.0, 1.0}, {1, 2}), Tensor::from({1.0, 1.0 / 256}, {2, 1}));
  EXPECT_EQ(y.item(), 1.0078125);
}

// Outside autocast nothing is rounded.
TEST(Rounding, PlainMatmulIsFloat32) {
  const Tensor y =
      tinyllm::matmul(Tensor::from({1.0, 1.0}, {1, 2}), Tensor::from({1.0, 1.0 / 256}, {2, 1}));
  EXPECT_EQ(y.item(), 1.00390625);
}

// The cast's gradient is rounded too.
TEST(Rounding, GradientRounded) {
  Tensor x = Tensor::from({2.0}, {1});
  x.requires_grad_();
  tinyllm::train::cast(x, "bf16").backward(Tensor::from({1.01}, {1}));
  EXPECT_EQ(x.grad().item(), 1.0078125);
}
