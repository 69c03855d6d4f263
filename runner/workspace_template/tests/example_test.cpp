// An example test of your module (GoogleTest; RapidCheck is there too). `tinyllm-grade check`
// grades the tests in this folder by mutation: each should catch a mistake a module could make.
// Add your own beside it.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

namespace {

// Catches a cast that truncates instead of rounding to nearest, ties to even, and one that changes
// the tensor's dtype (pitfall s04 makes a float64 tensor float32). 1 + 2^-8 lies exactly halfway
// between the bf16 values 1 and 1 + 2^-7 (bf16 keeps 7 fraction bits), and the tie goes to the
// even mantissa, 1.0. A truncating cast also gives 1.0, so the second value, 1 + 3 * 2^-8 (halfway
// between 1 + 2^-7 and 1 + 2^-6), must go up to the even 1 + 2^-6.
TEST(Example, bf16_cast_rounds_ties_to_even_and_keeps_the_dtype) {
  const tinyllm::Tensor x =
      tinyllm::Tensor::from({1.00390625, 1.01171875}, {2}, tinyllm::DType::f64);
  const tinyllm::Tensor y = tinyllm::train::cast(x, "bf16");
  EXPECT_EQ(y.values(), (std::vector<double>{1.0, 1.015625}));
  EXPECT_EQ(y.dtype(), tinyllm::DType::f64) << "cast keeps the tensor's dtype";
}

}  // namespace
