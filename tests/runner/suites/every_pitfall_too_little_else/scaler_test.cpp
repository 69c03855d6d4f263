// Tests for DynamicLossScaler, one per pitfall.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "helpers.hpp"

using tinyllm::Tensor;
using namespace tinyllm::train;

namespace {
struct OneWeight {
  Tensor w = Tensor::from({0.0}, {1}).requires_grad_();
  tinyllm::optim::SGD opt{{w}, 0.5};
  bool step(DynamicLossScaler& s, double g) {
    w.set_grad(Tensor::from({g}, {1}));
    return s.step(opt, {w});
  }
};
const double inf = std::numeric_limits<double>::infinity();
}  // namespace

// After an overflow the good-step count starts again: one good step is not enough to grow.
TEST(Scaler, CountRestartsAfterOverflow) {
  OneWeight m;
  DynamicLossScaler s(8, 2, 0.5, 2);
  m.step(s, 8);
  m.step(s, inf);
  m.step(s, 4);
  EXPECT_EQ(s.loss_scale(), 4);
}

// An overflow step must not touch the weight and must throw the bad gradient away.
TEST(Scaler, SkipDropsGradients) {
  OneWeight m;
  DynamicLossScaler s(8, 2, 0.5, 2);
  EXPECT_FALSE(m.step(s, std::nan("")));
  EXPECT_EQ(m.w.item(), 0.0);
  EXPECT_FALSE(m.w.has_grad());
}

// Clipping happens on the real gradient, not on S times it.
TEST(Scaler, ClipAfterUnscale) {
  Tensor w = Tensor::from({0.0, 0.0}, {2}).requires_grad_();
  tinyllm::optim::SGD opt({w}, 1.0);
  DynamicLossScaler s(1024);
  w.set_grad(Tensor::from({3 * 1024.0, 4 * 1024.0}, {2}));
  s.step(opt, {w}, 10.0);  // norm 5 < 10: no clipping at all
  EXPECT_NEAR(w.values()[0], -3.0, 1e-6);
  EXPECT_NEAR(w.values()[1], -4.0, 1e-6);
}

// A resumed scaler keeps the good-step count.
TEST(Scaler, ResumeKeepsCount) {
  OneWeight m;
  DynamicLossScaler s(8, 2, 0.5, 2);
  m.step(s, 8);
  DynamicLossScaler t;
  t.load_state_dict(s.state_dict());
  EXPECT_EQ(t.good_steps(), 1);
}
