// The language model's ops: forward against hand computations, gradients against float64 central
// finite differences.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>

#include "generators.hpp"
#include "gradcheck.hpp"
#include "tinyllm/llama.hpp"

namespace tinyllm {
namespace {
using course_gen::grid_tensor;
using Values = std::vector<double>;

using testing::require_gradients_match;

rc::Gen<std::size_t> gen_size(std::size_t lo, std::size_t hi) {
  return rc::gen::inRange(lo, hi + 1);
}

void expect_near(const Values& got, const Values& want, double tolerance) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tolerance) << i;
}

// Catches: the max not subtracted (exp(1000) overflows to inf and the row becomes NaN), or the
// normalising sum taken over the wrong axis.
TEST(Softmax, RowsSumToOneAndLargeLogitsDoNotOverflow) {
  expect_near(softmax_rows(Tensor::from({0, std::log(3.0), 1000, 1000}, {2, 2})).values(),
              {0.25, 0.75, 0.5, 0.5}, 1e-7);
}

// Catches: the mask on or below the diagonal, or transposed (position 0 seeing position 1).
TEST(CausalMask, PositionZeroSeesOnlyItself) {
  const Tensor weights = softmax_rows(causal_mask(Tensor::from({5, 1, 2, 2}, {2, 2})));
  EXPECT_EQ(weights.values(), (Values{1, 0, 0.5, 0.5}));
  EXPECT_THROW(causal_mask(Tensor::zeros({2, 3})), std::invalid_argument);
}

// Catches: a gradient leaking into masked positions, or softmax's VJP missing the - sum(dy y) term.
RC_GTEST_PROP(LlamaOpsGradient, MaskedSoftmax, ()) {
  const std::size_t n = *gen_size(1, 5);
  require_gradients_match(
      [](const std::vector<Tensor>& x) { return softmax_rows(causal_mask(x[0])); },
      {*grid_tensor({n, n}, -3, 3)});
}

// Catches: dividing by the root of the sum instead of the mean, or eps added outside the root.
// [3, 4]: mean of squares 12.5, so [3, 4] / sqrt(12.5).
TEST(RmsNormalize, DividesByTheRootMeanSquare) {
  const double rms = std::sqrt(12.5);
  expect_near(nn::rms_normalize(Tensor::from({3, 4}, {1, 2}, DType::f64), 1e-12).values(),
              {3 / rms, 4 / rms}, 1e-12);
}

// Catches: a VJP that treats the root mean square as a constant (missing the x s^3 term).
RC_GTEST_PROP(LlamaOpsGradient, RmsNormalize, ()) {
  const std::size_t rows = *gen_size(1, 4), cols = *gen_size(1, 6);
  require_gradients_match(
      [](const std::vector<Tensor>& x) { return nn::rms_normalize(x[0], 1e-5); },
      {*grid_tensor({rows, cols}, -2, 2)});
}

// Catches: the position taken from the row index without the period (the second sequence starting
// at position 2), sin and cos swapped, or the rotation's direction reversed.
TEST(Rotary, TurnsEachPairByItsPositionsAngle) {
  const Tensor x = Tensor::from({1, 0, 1, 0, 1, 0, 1, 0}, {4, 2}, DType::f64);
  const double c = std::cos(1.0), s = std::sin(1.0);
  expect_near(nn::rotary(x, 2).values(), {1, 0, c, s, 1, 0, c, s}, 1e-15);
  EXPECT_THROW(nn::rotary(Tensor::zeros({2, 3}), 2), std::invalid_argument);
}

// Catches: the backward rotating forward again instead of by the inverse angle.
RC_GTEST_PROP(LlamaOpsGradient, Rotary, ()) {
  const std::size_t rows = *gen_size(1, 6), pairs = *gen_size(1, 3), period = *gen_size(1, 3);
  require_gradients_match(
      [period](const std::vector<Tensor>& x) { return nn::rotary(x[0], period, 100.0); },
      {*grid_tensor({rows, 2 * pairs}, -2, 2)});
}

// Catches: log-sum-exp without the max (inf for a logit of 1000), the mean taken over classes
// instead of rows, or the target's logit not subtracted.
TEST(CrossEntropy, IsTheMeanNegativeLogLikelihood) {
  const Tensor logits = Tensor::from({0, 0, 1000, 0}, {2, 2}, DType::f64);
  EXPECT_NEAR(nn::cross_entropy(logits, Tensor::from({1, 0}, {2})).item(), std::log(2.0) / 2,
              1e-12);
  EXPECT_THROW(nn::cross_entropy(logits, Tensor::from({2, 0}, {2})), std::invalid_argument);
  EXPECT_THROW(nn::cross_entropy(logits, Tensor::from({0.5, 0}, {2})), std::invalid_argument);
  EXPECT_THROW(nn::cross_entropy(logits, Tensor::from({0}, {1})), std::invalid_argument);
}

// Catches: the gradient not divided by the rows, or the one-hot subtracted at the wrong class.
RC_GTEST_PROP(LlamaOpsGradient, CrossEntropy, ()) {
  const std::size_t rows = *gen_size(1, 4), classes = *gen_size(1, 5);
  const auto targets = *rc::gen::container<std::vector<double>>(
      rows, rc::gen::map(rc::gen::inRange<std::size_t>(0, classes),
                         [](std::size_t c) { return static_cast<double>(c); }));
  const Tensor target = Tensor::from(targets, {rows});
  require_gradients_match(
      [target](const std::vector<Tensor>& x) { return nn::cross_entropy(x[0], target); },
      {*grid_tensor({rows, classes}, -3, 3)});
}

// Catches: a repeated token's gradient overwritten instead of summed, or rows gathered by column.
TEST(GatherRows, PicksRowsAndSumsTheGradientOfRepeatedOnes) {
  Tensor table = Tensor::from({1, 2, 3, 4, 5, 6}, {3, 2});
  table.requires_grad_();
  const Tensor picked = gather_rows(table, Tensor::from({2, 0, 2}, {3}));
  EXPECT_EQ(picked.values(), (Values{5, 6, 1, 2, 5, 6}));
  picked.backward(Tensor::from({1, 10, 100, 1000, 2, 20}, {3, 2}));
  EXPECT_EQ(table.grad().values(), (Values{100, 1000, 0, 0, 3, 30}));
  EXPECT_THROW(gather_rows(table, Tensor::from({3}, {1})), std::invalid_argument);
}

// Catches: the gradient of a slice or a concatenation landing in the wrong block.
RC_GTEST_PROP(LlamaOpsGradient, SlicesAndConcatenations, ()) {
  const std::size_t rows = *gen_size(1, 4), cols = *gen_size(2, 5);
  const std::size_t cut = *gen_size(1, cols - 1);
  require_gradients_match(
      [cut, cols](const std::vector<Tensor>& x) {
        const Tensor left = slice_cols(x[0], 0, cut), right = slice_cols(x[0], cut, cols);
        return concat_rows({concat_cols({right, left}) * 2.0, x[0]});
      },
      {*grid_tensor({rows, cols}, -2, 2)});
}

// Catches: silu as x * sigmoid'(x), or its gradient missing the x (1 - s) term.
RC_GTEST_PROP(LlamaOpsGradient, Silu, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return silu(x[0]); },
                          {*grid_tensor({*gen_size(1, 3), *gen_size(1, 4)}, -4, 4)});
}

TEST(Silu, IsXTimesSigmoid) {
  expect_near(silu(Tensor::from({0, 2, -30}, {3}, DType::f64)).values(),
              {0, 2 / (1 + std::exp(-2.0)), -30 / (1 + std::exp(30.0))}, 1e-15);
}

}  // namespace
}  // namespace tinyllm
