// Dtype rules: f32 computes and rounds in float, f64 in double, mixed operands promote to f64, a
// double operand takes the tensor's dtype, and a gradient comes back in its operand's dtype.
#include <gtest/gtest.h>

#include <cmath>

#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {

// Catches: f32 ops computing in double and keeping the wider value (f32 storage posing as f64).
TEST(Dtype, Float32StoresRealFloats) {
  const Tensor x = Tensor::from({0.1}, {1}, DType::f32);
  EXPECT_EQ(x.values()[0], static_cast<double>(0.1f));
  EXPECT_EQ(x.data<float>().size(), 1u);
  EXPECT_EQ((x * 3.0).values()[0], static_cast<double>(0.1f * 3.0f));
}

// Catches: a double scalar promoting an f32 tensor to f64 (the scalar must take the tensor's
// dtype).
TEST(Dtype, DoubleScalarTakesTheTensorsDtype) {
  const Tensor x = Tensor::from({1.0}, {1}, DType::f32);
  const Tensor y = x + 1e-8;  // 1 + 1e-8 is 1 in float, 1.00000001 in double
  EXPECT_EQ(y.dtype(), DType::f32);
  EXPECT_EQ(y.values()[0], 1.0);
  EXPECT_EQ((1e-8 + x).dtype(), DType::f32);
  const Tensor z = Tensor::from({1.0}, {1}, DType::f64) + 1e-8;
  EXPECT_EQ(z.values()[0], 1.0 + 1e-8);
}

// Catches: mixed f32/f64 operands computed in float (or in the left operand's dtype).
TEST(Dtype, MixedOperandsPromoteToFloat64) {
  const Tensor a = Tensor::from({1.0 / 3.0}, {1}, DType::f32);
  const Tensor b = Tensor::from({1e-9}, {1}, DType::f64);
  for (const Tensor& y :
       {a + b, b + a, a * b, a - b, a / b, matmul(reshape(a, {1, 1}), reshape(b, {1, 1}))})
    EXPECT_EQ(y.dtype(), DType::f64);
  EXPECT_EQ((a + b).values()[0], static_cast<double>(static_cast<float>(1.0 / 3.0)) + 1e-9);
}

// Catches: the f32 operand of a mixed op receiving an f64 gradient (it must match its own dtype),
// or a gradient lost in the conversion.
TEST(Dtype, MixedOpGradientsComeBackInEachOperandsDtype) {
  Tensor a = Tensor::from({0.5, -1.5, 2.0}, {3, 1}, DType::f32);
  Tensor b = Tensor::from({1.0, 2.0, 3.0, 4.0}, {1, 4}, DType::f64);
  a.requires_grad_();
  b.requires_grad_();
  const Tensor y = a * b;
  ASSERT_EQ(y.dtype(), DType::f64);
  sum(y).backward();
  ASSERT_EQ(a.grad().dtype(), DType::f32);
  ASSERT_EQ(b.grad().dtype(), DType::f64);
  EXPECT_EQ(a.grad().values(), (std::vector<double>{10.0, 10.0, 10.0}));    // 1 + 2 + 3 + 4
  EXPECT_EQ(b.grad().values(), (std::vector<double>{1.0, 1.0, 1.0, 1.0}));  // 0.5 - 1.5 + 2
}

// Catches: matmul accumulating an f32 product in double (or in another order): the result must be
// exactly the float sum over k in ascending order, from zero.
TEST(Dtype, Float32MatmulAccumulatesInFloatInAscendingOrder) {
  const std::vector<double> row = {1.0, 1e-8, 1e-8, -1.0, 3.0, 1.0 / 3.0};
  const Tensor a = Tensor::from(row, {1, 6}, DType::f32);
  const Tensor b = Tensor::full({6, 1}, 1.0, DType::f32);
  float expected = 0.0f;
  for (double v : row) expected += static_cast<float>(v);
  EXPECT_EQ(matmul(a, b).item(), static_cast<double>(expected));
  const Tensor a64 = Tensor::from(row, {1, 6}, DType::f64);
  double expected64 = 0.0;
  for (double v : row) expected64 += v;
  EXPECT_EQ(matmul(a64, b.to(DType::f64)).item(), expected64);
}

// Catches: sum of an f32 tensor accumulated in double, or pairwise instead of in index order.
TEST(Dtype, Float32SumAddsInFloatInRowMajorOrder) {
  std::vector<double> values;
  for (int i = 0; i < 1000; ++i) values.push_back(0.1 * (i % 7) + 1e-4);
  const Tensor x = Tensor::from(values, {10, 100}, DType::f32);
  float expected = 0.0f;
  for (double v : values) expected += static_cast<float>(v);
  EXPECT_EQ(sum(x).item(), static_cast<double>(expected));
  EXPECT_EQ(sum(x).dtype(), DType::f32);
}

// Catches: to() rounding in the wrong direction or aliasing the source's storage.
TEST(Dtype, ToConvertsWithOneRoundingToNearest) {
  const Tensor x = Tensor::from({0.1, 1e300}, {2}, DType::f64);
  const Tensor y = x.to(DType::f32);
  EXPECT_EQ(y.dtype(), DType::f32);
  EXPECT_EQ(y.values()[0], static_cast<double>(0.1f));
  EXPECT_TRUE(std::isinf(y.values()[1]));
  EXPECT_TRUE(x.to(DType::f64).same(x)) << "to() of the same dtype is the identity";
}

// Catches: to()'s gradient left in the target dtype.
TEST(Dtype, ToGradientComesBackInTheSourceDtype) {
  Tensor x = Tensor::from({1.0, 2.0}, {2}, DType::f64);
  x.requires_grad_();
  x.to(DType::f32).backward(Tensor::from({0.25, -4.0}, {2}, DType::f32));
  EXPECT_EQ(x.grad().dtype(), DType::f64);
  EXPECT_EQ(x.grad().values(), (std::vector<double>{0.25, -4.0}));
}

}  // namespace
}  // namespace tinyllm
