// An honest small suite: the section 3 bf16 matmul (kills s01), a cast's rounded gradient (s02),
// a cast that keeps float64 (s04), and a RapidCheck law that every variant satisfies.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

TEST(KillsSome, bf16_matmul_rounds_its_output) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0);
}

TEST(KillsSome, cast_rounds_its_gradient) {
  auto x = Tensor::from({1.0}, {1}, DType::f32);
  x.requires_grad_();
  tinyllm::train::cast(x, "bf16").backward(Tensor::from({1.01}, {1}, DType::f32));
  EXPECT_EQ(x.grad().values()[0], 1.0078125);
}

TEST(KillsSome, cast_keeps_float64) {
  EXPECT_EQ(tinyllm::train::cast(Tensor::scalar(1.0, DType::f64), "bf16").dtype(), DType::f64);
}

RC_GTEST_PROP(KillsSome, addition_commutes, (double x, double y)) {
  RC_ASSERT((Tensor::scalar(x, DType::f64) + Tensor::scalar(y, DType::f64)).item() ==
            (Tensor::scalar(y, DType::f64) + Tensor::scalar(x, DType::f64)).item());
}
