// Dropout: the mask comes from the generator, kept elements scale by 1 / (1 - p), eval mode is the
// identity and draws nothing.
#include <gtest/gtest.h>

#include "tinyllm/nn.hpp"

namespace tinyllm {
namespace {

// Catches: a mask from another source than the layer's generator, the comparison the wrong way
// round (u < p kept), or kept elements not scaled by 1 / (1 - p).
TEST(Dropout, MaskComesFromTheGeneratorAndKeptElementsScale) {
  Generator gen(8), replay(8);
  nn::Dropout dropout(0.25, gen);
  const Tensor x = Tensor::full({4, 8}, 3.0, DType::f64);
  const auto y = dropout(x).values();
  std::size_t kept = 0;
  for (double v : y) {
    const bool keep = replay.uniform() >= 0.25;
    EXPECT_EQ(v, keep ? 3.0 / 0.75 : 0.0);
    kept += keep;
  }
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, y.size());
  EXPECT_EQ(gen.get_state(), replay.get_state()) << "one draw per element";
}

// Catches: the gradient of dropout not masked and scaled like the forward pass.
TEST(Dropout, GradientUsesTheSameMaskAndScale) {
  Generator gen(4);
  nn::Dropout dropout(0.5, gen);
  Tensor x = Tensor::full({16}, 1.0, DType::f64);
  x.requires_grad_();
  const Tensor y = dropout(x);
  sum(y).backward();
  EXPECT_EQ(x.grad().values(), y.values());
}

// Catches: eval mode still dropping, or still drawing from the generator (which would shift every
// later draw).
TEST(Dropout, EvalModeIsTheIdentityAndDrawsNothing) {
  Generator gen(8);
  nn::Dropout dropout(0.5, gen);
  dropout.train(false);
  EXPECT_FALSE(dropout.training());
  const auto before = gen.get_state();
  const Tensor x = Tensor::from({1, 2, 3}, {3});
  EXPECT_EQ(dropout(x).values(), x.values());
  EXPECT_EQ(gen.get_state(), before);
}

// Catches: each call reusing one mask (a fresh mask is drawn on every training-mode call).
TEST(Dropout, EveryTrainingCallDrawsAFreshMask) {
  Generator gen(3);
  nn::Dropout dropout(0.5, gen);
  const Tensor x = Tensor::full({64}, 1.0);
  EXPECT_NE(dropout(x).values(), dropout(x).values());
}

// Catches: the edge rates: p = 0 keeps everything unscaled, p = 1 drops everything (no division by
// zero).
TEST(Dropout, RateZeroKeepsAllAndRateOneDropsAll) {
  Generator gen(5);
  const Tensor x = Tensor::from({1, -2, 3}, {3});
  EXPECT_EQ(nn::Dropout(0.0, gen)(x).values(), x.values());
  EXPECT_EQ(nn::Dropout(1.0, gen)(x).values(), (std::vector<double>{0, 0, 0}));
}

// Catches: p outside [0, 1] accepted.
TEST(Dropout, RateOutOfRangeIsRejected) {
  Generator gen(5);
  for (double p : {-0.1, 1.5}) {
    try {
      nn::Dropout dropout(p, gen);
      FAIL() << "expected std::invalid_argument for p = " << p;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("[0, 1]"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tinyllm
