// AdamW against hand-computed values from torch.optim.AdamW's update: p *= 1 - lr * wd;
// m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2; p -= lr * (m / bc1) / (sqrt(v / bc2) + eps),
// with bc_i = 1 - b_i^t and t counted per parameter.
#include <gtest/gtest.h>

#include "tinyllm/optim.hpp"

namespace tinyllm {
namespace {

Tensor parameter(double value, DType dtype) {
  Tensor p = Tensor::from({value}, {1}, dtype);
  p.requires_grad_();
  return p;
}

void set_grad(Tensor& p, double g) {
  p.set_grad(Tensor::from({g}, {1}, p.dtype()));
}

// lr 0.1, betas (0.9, 0.999), eps 1e-8, wd 0.1; p = 1, grads 0.5 then -0.25.
// Step 1: p = 0.99; m = 0.05, v = 0.00025; m/bc1 = 0.5, sqrt(v/bc2) = 0.5;
//         p = 0.99 - 0.1 * 0.5 / (0.5 + 1e-8) = 0.890000002.
// Step 2: p = 0.890000002 * 0.99 = 0.88110000198; m = 0.045 - 0.025 = 0.02,
//         v = 0.00024975 + 0.0000625 = 0.00031225; bc1 = 0.19, bc2 = 0.001999;
//         p = 0.88110000198 - 0.1 * 0.105263158 / (0.395225 + 1e-8) = 0.8544662986878463.
// (Also computed in Python from the formula above.) Without bias correction step 1 would move p
// by 0.1 * 0.05 / 0.0158 = 0.316; with coupled (L2) decay step 1 would give 0.9.
constexpr double kStep1 = 0.890000002, kStep2 = 0.8544662986878463;

// Returns a parameter after the two steps worked above, each step checked to `tolerance`.
Tensor two_worked_steps(DType dtype, double tolerance) {
  Tensor p = parameter(1.0, dtype);
  optim::AdamW opt({p}, 0.1, 0.9, 0.999, 1e-8, 0.1);
  set_grad(p, 0.5);
  opt.step();
  EXPECT_NEAR(p.item(), kStep1, tolerance);
  set_grad(p, -0.25);
  opt.step();
  EXPECT_NEAR(p.item(), kStep2, tolerance);
  return p;
}

// Catches: bias correction missing or wrong, decay coupled into the gradient (L2), or the moments
// not carried between steps.
TEST(AdamW, TwoStepsMatchTorchsFormulaInFloat64) {
  two_worked_steps(DType::f64, 1e-15);
}

// Catches: float32 parameters whose state or arithmetic silently goes to double (the values then
// differ from float32 arithmetic by more than float rounding allows, or the dtype changes).
TEST(AdamW, TwoStepsMatchTorchsFormulaInFloat32) {
  const Tensor p = two_worked_steps(DType::f32, 2e-7);
  EXPECT_EQ(p.dtype(), DType::f32);
  EXPECT_EQ(p.grad().dtype(), DType::f32);
}

// Catches: a parameter without a grad decayed anyway, or a step counter shared by all parameters
// (the late parameter's first step must use bias correction for t = 1).
TEST(AdamW, ParametersWithoutAGradAreUntouchedAndCountTheirOwnSteps) {
  Tensor early = parameter(1.0, DType::f64), late = parameter(1.0, DType::f64);
  optim::AdamW opt({early, late}, 0.1, 0.9, 0.999, 1e-8, 0.1);
  set_grad(early, 0.5);
  opt.step();
  EXPECT_EQ(late.item(), 1.0);
  set_grad(late, 0.5);
  early.zero_grad();
  const double early_before = early.item();
  opt.step();
  EXPECT_NEAR(late.item(), kStep1, 1e-15);
  EXPECT_EQ(early.item(), early_before);
}

// Catches: zero weight decay still decaying, or eps added inside the square root.
TEST(AdamW, NoDecayFirstStepMovesByLrTimesTheSign) {
  Tensor p = parameter(-2.0, DType::f64);
  optim::AdamW opt({p}, 0.01, 0.9, 0.999, 0.0, 0.0);
  set_grad(p, 3.0);
  opt.step();
  EXPECT_DOUBLE_EQ(p.item(), -2.01);  // m/bc1 = 3, sqrt(v/bc2) = 3: p -= 0.01 * 1
}

// Catches: hyperparameters outside their ranges accepted.
TEST(AdamW, BadHyperparametersAreRejectedNamingTheValues) {
  Tensor p = parameter(1.0, DType::f64);
  try {
    optim::AdamW opt({p}, 0.1, 1.0);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("beta1=1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(optim::AdamW({p}, -1.0), std::invalid_argument);
  EXPECT_THROW(optim::AdamW({p}, 0.1, 0.9, 0.999, 1e-8, -0.1), std::invalid_argument);
}

}  // namespace
}  // namespace tinyllm
