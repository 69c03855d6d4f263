// My tests for grad_accumulate and train_step_mixed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>

#include "helpers.hpp"

using tinyllm::Tensor;
using namespace tinyllm::train;

namespace {
// One weight w = 1 with no bias.
struct Scalar {
  tinyllm::Generator g{0};
  tinyllm::nn::Linear lin{1, 1, g, false};
  Scalar() { lin.weight.assign(Tensor::from({1.0}, {1, 1})); }
};
Batch rows(std::vector<double> x) {
  std::vector<double> y;
  for (double v : x) y.push_back(2 * v);
  const std::size_t n = x.size();
  return {Tensor::from(x, {n, 1}), Tensor::from(y, {n, 1})};
}
}  // namespace

// 1 row + 3 rows must give the same as 4 rows: loss 7.5, grad -15.
TEST(Accumulate, UnequalSplit) {
  Scalar m;
  const double loss = grad_accumulate(m.lin, {rows({1}), rows({2, 3, 4})}, tinyllm::nn::mse);
  EXPECT_NEAR(loss, 7.5, 1e-5);
  EXPECT_NEAR(m.lin.weight.grad().item(), -15.0, 1e-5);
}

// 2 rows + 2 rows: the same gradient as one batch (-15), and not twice it.
TEST(Accumulate, EqualSplit) {
  Scalar m;
  grad_accumulate(m.lin, {rows({1, 2}), rows({3, 4})}, tinyllm::nn::mse);
  EXPECT_NEAR(m.lin.weight.grad().item(), -15.0, 1e-5);
}

// Random splits of random rows agree with the one-batch gradient.
RC_GTEST_PROP(Accumulate, AnySplitMatchesOneBatch, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(2, 12);
  const auto cut = *rc::gen::inRange<std::size_t>(1, n);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  tinyllm::Generator g(seed);
  Tensor x = Tensor::uniform({n, 3}, -1, 1, g), y = Tensor::uniform({n, 1}, -1, 1, g);
  auto a = mine::tanh_mlp(1, 3, seed), b = mine::tanh_mlp(1, 3, seed);
  tinyllm::nn::mse((*a)(x), y).backward();
  grad_accumulate(*b,
                  {{tinyllm::slice_rows(x, 0, cut), tinyllm::slice_rows(y, 0, cut)},
                   {tinyllm::slice_rows(x, cut, n), tinyllm::slice_rows(y, cut, n)}},
                  tinyllm::nn::mse);
  const auto ga = mine::all_grads(*a), gb = mine::all_grads(*b);
  for (std::size_t i = 0; i < ga.size(); ++i) RC_ASSERT(std::abs(ga[i] - gb[i]) < 1e-5);
}

// Without a scaler a NaN loss is an error, and nothing is updated.
TEST(TrainStep, NanLossThrows) {
  Scalar m;
  tinyllm::optim::SGD opt(m.lin.parameters(), 0.1);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(train_step_mixed(m.lin, {rows({1, nan})}, tinyllm::nn::mse, opt),
               NonFiniteLossError);
  EXPECT_EQ(m.lin.weight.item(), 1.0);
}

// fp16 with a scaler on a normal batch: the weight moves like float32 does.
TEST(TrainStep, Fp16WithScalerMatchesFp32) {
  Scalar a, b;
  tinyllm::optim::SGD oa(a.lin.parameters(), 0.01), ob(b.lin.parameters(), 0.01);
  DynamicLossScaler s(1024);
  train_step_mixed(a.lin, {rows({1, 2, 3, 4})}, tinyllm::nn::mse, oa);
  train_step_mixed(b.lin, {rows({1, 2, 3, 4})}, tinyllm::nn::mse, ob, "fp16", &s);
  EXPECT_NEAR(a.lin.weight.item(), b.lin.weight.item(), 1e-3);
}

// Clipping: a clip that is not positive is refused before anything happens; a good one caps the
// update and the step reports the norm it saw, with or without a scaler. Hand example: the
// gradient is -15 at w = 1, so clip 0.5 with lr 1 moves w to 1.5.
TEST(TrainStep, ClipCapsTheUpdateAndReportsTheNorm) {
  for (double bad : {0.0, -1.0}) {
    Scalar m;
    tinyllm::optim::SGD opt(m.lin.parameters(), 0.1);
    EXPECT_THROW(
        train_step_mixed(m.lin, {rows({1, 2, 3, 4})}, tinyllm::nn::mse, opt, "fp32", nullptr, bad),
        std::invalid_argument);
    EXPECT_FALSE(m.lin.weight.has_grad());
  }
  for (bool scaled : {false, true}) {
    Scalar m;
    tinyllm::optim::SGD opt(m.lin.parameters(), 1.0);
    DynamicLossScaler s(1024);
    const auto r = train_step_mixed(m.lin, {rows({1, 2, 3, 4})}, tinyllm::nn::mse, opt, "fp32",
                                    scaled ? &s : nullptr, 0.5);
    ASSERT_TRUE(r.grad_norm.has_value());
    EXPECT_NEAR(*r.grad_norm, 15.0, 1e-5);
    EXPECT_NEAR(m.lin.weight.item(), 1.5, 1e-5);
  }
}
