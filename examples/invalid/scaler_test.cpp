// My tests for the loss scaler.
#include <gtest/gtest.h>

#include <limits>
#include <tinyllm/tinyllm.hpp>

using tinyllm::Tensor;

// An infinite gradient skips the step and halves S.
TEST(Scaler, InfSkipsAndHalves) {
  Tensor w = Tensor::from({0.0}, {1});
  w.requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.5);
  tinyllm::train::DynamicLossScaler s(8.0, 2.0, 0.5, 2);
  w.set_grad(Tensor::from({std::numeric_limits<double>::infinity()}, {1}));
  EXPECT_FALSE(s.step(opt, {w}));
  EXPECT_EQ(s.loss_scale(), 4.0);
  EXPECT_EQ(w.item(), 0.0);
  EXPECT_FALSE(w.has_grad());
}

// A good step divides the gradient by S before the update.
TEST(Scaler, Unscales) {
  Tensor w = Tensor::from({0.0}, {1});
  w.requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.5);
  tinyllm::train::DynamicLossScaler s(8.0, 2.0, 0.5, 2);
  w.set_grad(Tensor::from({8.0}, {1}));
  EXPECT_TRUE(s.step(opt, {w}));
  EXPECT_EQ(w.item(), -0.5);
}
