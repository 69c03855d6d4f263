// Tests for cast and autocast, one per pitfall.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "helpers.hpp"

using tinyllm::Tensor;
using namespace tinyllm::train;

namespace {
double mm(std::vector<double> a, tinyllm::Shape sa, std::vector<double> b, tinyllm::Shape sb) {
  return tinyllm::matmul(Tensor::from(a, sa), Tensor::from(b, sb)).item();
}
}  // namespace

// The second operand must be rounded too: 3 * 1.0039 is 3.0117 (-> 3.015625), but rounding 1.0039
// to bf16 first gives 1.0 and so exactly 3.
TEST(Precision, BothOperandsRounded) {
  auto guard = autocast_bf16();
  EXPECT_EQ(mm({3}, {1, 1}, {1.0039}, {1, 1}), 3.0);
  EXPECT_EQ(mm({1.0039}, {1, 1}, {3}, {1, 1}), 3.0);
}

// The backward of the cast rounds the gradient: 1.01 comes back as 1.0078125.
TEST(Precision, CastGradientIsRounded) {
  Tensor x = Tensor::from({2.0, 3.0}, {2});
  x.requires_grad_();
  cast(x, "bf16").backward(Tensor::from({1.01, 0.3}, {2}));
  EXPECT_EQ(x.grad().values()[0], 1.0078125);
  EXPECT_EQ(x.grad().values()[1], tinyllm::numerics::round_to_bf16(0.3f));
}

// A cast keeps float64 as float64.
TEST(Precision, CastKeepsDouble) {
  Tensor x = Tensor::from({1.01}, {1}, tinyllm::DType::f64);
  EXPECT_EQ(cast(x, "bf16").dtype(), tinyllm::DType::f64);
  EXPECT_EQ(cast(x, "fp16").dtype(), tinyllm::DType::f64);
}

// Leaving autocast with an exception must switch it off again.
TEST(Precision, ExceptionRestoresAutocast) {
  try {
    Autocast a("bf16");
    throw 42;
  } catch (int) {
  }
  EXPECT_FALSE(autocast_dtype().has_value());
  EXPECT_EQ(mm({1, 1}, {1, 2}, {1, 1.0 / 256}, {2, 1}), 1.00390625);
}

// An inner block must give the outer dtype back when it closes.
TEST(Precision, NestedBlocks) {
  Autocast outer("bf16");
  { Autocast inner("fp16"); }
  ASSERT_TRUE(autocast_dtype().has_value());
  EXPECT_EQ(*autocast_dtype(), "bf16");
  EXPECT_EQ(mm({1, 1}, {1, 2}, {1, 1.0 / 256}, {2, 1}), 1.0);
}
