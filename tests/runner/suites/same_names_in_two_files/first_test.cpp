// One of two files that define the same names (an anonymous-namespace helper, a static function,
// a helper struct): valid C++ file by file, a redefinition error as one translation unit. The
// grader must still compile it (it falls back to compiling file by file).
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

namespace {
double helper() {
  return 2.0;
}
struct Pair {
  double left, right;
};
}  // namespace

static double sum_of(const Pair& p) {
  return (Tensor::scalar(p.left, DType::f64) + Tensor::scalar(p.right, DType::f64)).item();
}

TEST(SameNamesFirst, adds_two_scalars) {
  EXPECT_EQ(sum_of({helper(), 1.0}), 3.0);
}
