// The second file, with the same names as first_test.cpp and different meanings.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

namespace {
double helper() {
  return 3.0;
}
struct Pair {
  double left, right;
};
}  // namespace

static double sum_of(const Pair& p) {
  return (Tensor::scalar(p.left, DType::f64) * Tensor::scalar(p.right, DType::f64)).item();
}

TEST(SameNamesSecond, multiplies_two_scalars) {
  EXPECT_EQ(sum_of({helper(), 2.0}), 6.0);
}
