// My tests for the module. They pass on my own module, and on the reference too.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

using tinyllm::Tensor;
using namespace tinyllm::train;

namespace {
// One weight w = 1, no bias: y = x.
struct OneWeight {
  tinyllm::Generator g{0};
  tinyllm::nn::Linear lin{1, 1, g, false};
  OneWeight() { lin.weight.assign(Tensor::from({1.0}, {1, 1})); }
};

// Targets 2x for the inputs x.
Batch rows(std::vector<double> x) {
  std::vector<double> y;
  for (double v : x) y.push_back(2 * v);
  const std::size_t n = x.size();
  return {Tensor::from(x, {n, 1}), Tensor::from(y, {n, 1})};
}
}  // namespace

// 1.00390625 is halfway between the bf16 neighbours 1 and 1.0078125: ties go to even, 1.
TEST(Cast, Bf16TieGoesToEven) {
  const Tensor x = Tensor::from({1.00390625}, {1});
  EXPECT_EQ(cast(x, "bf16").item(), 1.0);
}

// An unknown dtype is rejected.
TEST(Cast, UnknownDtypeThrows) {
  EXPECT_THROW(cast(Tensor::from({1.0}, {1}), "fp8"), std::invalid_argument);
}

// Two micro-batches of 2 rows give the gradient of the 4 rows together: mean of 2 * (x - 2x) * x
// = -2 * (1 + 4 + 9 + 16) / 4 = -15. (Both halves have the same size: that is the case I tried.)
TEST(Accumulate, TwoHalvesEqualOneBatch) {
  OneWeight m;
  const double loss = grad_accumulate(m.lin, {rows({1, 2}), rows({3, 4})}, tinyllm::nn::mse);
  EXPECT_NEAR(loss, 7.5, 1e-6);
  EXPECT_NEAR(m.lin.weight.grad().item(), -15.0, 1e-6);
}

// A fresh scaler starts at 65536 with no good steps.
TEST(Scaler, Defaults) {
  const DynamicLossScaler s;
  EXPECT_EQ(s.loss_scale(), 65536.0);
  EXPECT_EQ(s.good_steps(), 0);
}
