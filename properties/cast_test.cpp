// The cast op, and the section 3 hand example of a bf16 matmul.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tinyllm/tinyllm.hpp>
#include <vector>

namespace {
using tinyllm::DType;
using tinyllm::Tensor;

// 2^-8 and 2^-7, the numbers of section 3.
const double kTwoToMinus8 = std::ldexp(1.0, -8);
const double kTwoToMinus7 = std::ldexp(1.0, -7);

// Catches s01 (the matmul output not rounded): section 3's A = [1, 1], B = [1, 2^-8]^T. The
// float32 product 1 + 2^-8 is halfway between the bf16 values 1 and 1 + 2^-7; ties go to the
// even mantissa, so autocast returns 1.0. The gradients of L = sum(Y) are the bf16 values
// dA = [1, 2^-8] and dB = [1, 1]^T, and outside autocast the product is 1.00390625.
TEST(Course, hand_example_bf16_matmul) {
  Tensor a = Tensor::from({1.0, 1.0}, {1, 2}).requires_grad_();
  Tensor b = Tensor::from({1.0, kTwoToMinus8}, {2, 1}).requires_grad_();
  {
    auto bf16 = tinyllm::train::autocast_bf16();
    const Tensor y = tinyllm::matmul(a, b);
    EXPECT_EQ(y.item(), 1.0) << "1 + 2^-8 is a tie between 1 and 1 + 2^-7 and goes to the even 1; "
                                "1.00390625 means the matmul output was not rounded";
    tinyllm::sum(y).backward();
    // An input of 1.01 is stored as 1.0078125 = 1 + 2^-7, the nearest bf16 value.
    const Tensor stored =
        tinyllm::matmul(Tensor::from({1.01}, {1, 1}), Tensor::from({1.0}, {1, 1}));
    EXPECT_EQ(stored.item(), 1.0078125);
    EXPECT_EQ(stored.item(), 1.0 + kTwoToMinus7);
  }
  EXPECT_EQ(a.grad().values(), (std::vector<double>{1.0, kTwoToMinus8}));
  EXPECT_EQ(b.grad().values(), (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(b.grad().shape(), (tinyllm::Shape{2, 1}));
  // The same product outside autocast: the float32 1.00390625.
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.00390625);
  EXPECT_EQ(tinyllm::train::cast(Tensor::from({1.01}, {1}), "bf16").item(), 1.0078125);
}

// Returns each element of `values` rounded to `format` in T's own precision (the reference
// rounding).
template <class T>
std::vector<double> rounded(const std::vector<double>& values, const std::string& format) {
  std::vector<double> out;
  for (const T v : values)
    out.push_back(format == "bf16" ? tinyllm::numerics::round_to_bf16(v)
                                   : tinyllm::numerics::round_to_fp16(v));
  return out;
}

// Catches s02 (the gradient passed through the cast unrounded) and s04 (a cast that turns float64
// into float32): in both formats and both dtypes, the forward rounds each element, the gradient is
// the upstream gradient rounded the same way, and both keep the input's dtype.
TEST(Course, cast_rounds_both_directions) {
  // Each value is not a value of either format; 1 + 2^-8 + 2^-40 also shows that a double is
  // rounded once from double (to 1 + 2^-7), not through float (which would make it a tie to 1).
  const std::vector<double> inputs = {1.01, -3.14159, 1e-3,
                                      1.0 + kTwoToMinus8 + std::ldexp(1.0, -40), 1000.3};
  const std::vector<double> upstream = {0.3, -1.7, 2.2e-3,
                                        1.0 + kTwoToMinus8 + std::ldexp(1.0, -40), -7.77};
  for (const DType dtype : {DType::f32, DType::f64}) {
    for (const std::string format : {"bf16", "fp16"}) {
      SCOPED_TRACE(std::string(tinyllm::dtype_name(dtype)) + " to " + format);
      Tensor x = Tensor::from(inputs, {5}, dtype).requires_grad_();
      const Tensor y = tinyllm::train::cast(x, format);
      EXPECT_EQ(y.dtype(), dtype) << "cast must keep the dtype: it only rounds the values";
      EXPECT_EQ(y.shape(), x.shape());
      auto rounded_in_dtype = [&](const std::vector<double>& values) {
        return dtype == DType::f64 ? rounded<double>(values, format)
                                   : rounded<float>(values, format);
      };
      EXPECT_EQ(y.values(), rounded_in_dtype(inputs));
      EXPECT_NE(y.values(), x.values()) << "these inputs are not " << format << " values";
      y.backward(Tensor::from(upstream, {5}, dtype));
      ASSERT_TRUE(x.has_grad());
      EXPECT_EQ(x.grad().dtype(), dtype);
      EXPECT_EQ(x.grad().values(), rounded_in_dtype(upstream))
          << "the backward of a cast is the cast of the gradient";
    }
  }
  // Hand-checked values: 1 + 2^-8 + 2^-40 in double is above the bf16 tie, so it goes up.
  const Tensor above_tie = tinyllm::train::cast(
      Tensor::from({1.0 + kTwoToMinus8 + std::ldexp(1.0, -40)}, {1}, DType::f64), "bf16");
  EXPECT_EQ(above_tie.item(), 1.0 + kTwoToMinus7);
  EXPECT_EQ(above_tie.dtype(), DType::f64);
  // fp16: 65520 overflows to infinity, 2^-25 (a tie with zero) flushes to +0.
  const Tensor edges = tinyllm::train::cast(
      Tensor::from({65504.0, 65520.0, std::ldexp(1.0, -24), std::ldexp(1.0, -25)}, {4}), "fp16");
  const auto v = edges.values();
  EXPECT_EQ(v[0], 65504.0);
  EXPECT_TRUE(std::isinf(v[1]) && v[1] > 0);
  EXPECT_EQ(v[2], std::ldexp(1.0, -24));
  EXPECT_EQ(v[3], 0.0);
}

}  // namespace
