// SGD against hand-computed values from torch.optim.SGD's update (dampening 0, no Nesterov):
// g = grad + wd * p; buf = g on the first step, then buf = momentum * buf + g; p -= lr * buf.
#include <gtest/gtest.h>

#include "tinyllm/optim.hpp"

namespace tinyllm {
namespace {

Tensor parameter(std::vector<double> values, DType dtype = DType::f64) {
  const std::size_t n = values.size();
  Tensor p = Tensor::from(std::move(values), {n}, dtype);
  p.requires_grad_();
  return p;
}

void set_grad(Tensor& p, std::vector<double> values) {
  p.set_grad(Tensor::from(std::move(values), p.shape(), p.dtype()));
}

// Catches: the update's sign or the learning rate applied wrongly. p = [1, -2], g = [0.5, 0.25],
// lr = 0.1: p = [1 - 0.05, -2 - 0.025] = [0.95, -2.025].
TEST(Sgd, PlainStepSubtractsLrTimesGrad) {
  Tensor p = parameter({1.0, -2.0});
  optim::SGD opt({p}, 0.1);
  set_grad(p, {0.5, 0.25});
  opt.step();
  EXPECT_DOUBLE_EQ(p.values()[0], 0.95);
  EXPECT_DOUBLE_EQ(p.values()[1], -2.025);
}

// Catches: the first momentum step scaled by (1 - momentum) or starting from a zero-then-damped
// buffer, and the buffer not carried to the next step. p = 1, g = 0.5 twice, lr = 0.1, mu = 0.9:
// step 1 buf = 0.5, p = 0.95; step 2 buf = 0.9 * 0.5 + 0.5 = 0.95, p = 0.95 - 0.095 = 0.855.
TEST(Sgd, MomentumBufferStartsAtTheFirstGradient) {
  Tensor p = parameter({1.0});
  optim::SGD opt({p}, 0.1, 0.9);
  set_grad(p, {0.5});
  opt.step();
  EXPECT_DOUBLE_EQ(p.values()[0], 0.95);
  opt.step();
  EXPECT_DOUBLE_EQ(p.values()[0], 0.855);
}

// Catches: weight decay left out, applied after momentum, or decoupled (SGD's is L2: into g).
// p = 1, g = 0.5, wd = 0.1, lr = 0.1, mu = 0.9: step 1 g = 0.6, buf = 0.6, p = 0.94;
// step 2 g = 0.5 + 0.094 = 0.594, buf = 0.54 + 0.594 = 1.134, p = 0.94 - 0.1134 = 0.8266.
TEST(Sgd, WeightDecayIsAddedToTheGradientBeforeMomentum) {
  Tensor p = parameter({1.0});
  optim::SGD opt({p}, 0.1, 0.9, 0.1);
  set_grad(p, {0.5});
  opt.step();
  EXPECT_DOUBLE_EQ(p.values()[0], 0.94);
  opt.step();
  EXPECT_DOUBLE_EQ(p.values()[0], 0.8266);
}

// Catches: a parameter without a gradient treated as gradient zero (with weight decay or momentum
// it would still move), or its momentum buffer started early.
TEST(Sgd, ParametersWithoutAGradAreLeftAlone) {
  Tensor with = parameter({1.0}), without = parameter({5.0});
  optim::SGD opt({with, without}, 0.1, 0.9, 0.1);
  set_grad(with, {0.5});
  opt.step();
  EXPECT_EQ(without.values()[0], 5.0);
  set_grad(without, {1.0});
  opt.step();  // its first step: buf = g = 1 + 0.5 = 1.5, p = 5 - 0.15
  EXPECT_DOUBLE_EQ(without.values()[0], 4.85);
}

// Catches: float32 parameters updated in double and widened (state and arithmetic stay in float).
TEST(Sgd, Float32ParametersStayFloat32) {
  Tensor p = parameter({1.0}, DType::f32);
  optim::SGD opt({p}, 0.1, 0.9);
  set_grad(p, {1.0 / 3.0});
  opt.step();
  EXPECT_EQ(p.dtype(), DType::f32);
  const float expected = 1.0f - 0.1f * static_cast<float>(1.0 / 3.0);
  EXPECT_EQ(p.values()[0], static_cast<double>(expected));
}

// Catches: zero_grad not dropping the grads, and bad hyperparameters or non-leaf parameters
// accepted.
TEST(Sgd, ZeroGradAndArgumentChecks) {
  Tensor p = parameter({1.0});
  optim::SGD opt({p}, 0.1);
  set_grad(p, {1.0});
  opt.zero_grad();
  EXPECT_FALSE(p.has_grad());
  EXPECT_EQ(opt.params().size(), 1u);
  EXPECT_THROW(optim::SGD({p}, -0.1), std::invalid_argument);
  EXPECT_THROW(optim::SGD({p}, 0.1, -0.5), std::invalid_argument);
  EXPECT_THROW(optim::SGD({p * 2.0}, 0.1), std::invalid_argument);
  EXPECT_THROW(optim::SGD({Tensor()}, 0.1), std::invalid_argument);
}

}  // namespace
}  // namespace tinyllm
