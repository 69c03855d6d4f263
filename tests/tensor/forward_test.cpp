// Forward values of the ops on hand-worked examples (each expected value computed by hand and
// noted beside it): broadcasting, reductions, matmul, shape ops.
#include <gtest/gtest.h>

#include <cmath>

#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using Values = std::vector<double>;

// Catches: broadcasting (3, 1) with (1, 4) by flat index instead of per dimension.
TEST(Forward, ColumnPlusRowBroadcastsToAGrid) {
  const Tensor column = Tensor::from({0, 10, 20}, {3, 1});
  const Tensor row = Tensor::from({1, 2, 3, 4}, {1, 4});
  const Tensor y = column + row;
  EXPECT_EQ(y.shape(), (Shape{3, 4}));
  EXPECT_EQ(y.values(), (Values{1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24}));
}

// Catches: a rank-1 operand aligned with the leading dimension instead of the trailing one.
TEST(Forward, VectorBroadcastsAlongTheLastDimension) {
  const Tensor m = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor v = Tensor::from({10, 100, 1000}, {3});
  EXPECT_EQ((m * v).values(), (Values{10, 200, 3000, 40, 500, 6000}));
  EXPECT_EQ((v - m).values(), (Values{9, 98, 997, 6, 95, 994}));  // operand order kept
}

// Catches: a 0-d operand treated as rank 1 (the result must keep the other operand's shape), and
// two 0-d operands giving anything but 0-d.
TEST(Forward, ScalarTensorsBroadcastToAnything) {
  const Tensor s = Tensor::scalar(2.0);
  EXPECT_EQ((Tensor::from({1, 2, 3}, {3}) / s).values(), (Values{0.5, 1, 1.5}));
  EXPECT_EQ((s * s).shape(), Shape{});
  EXPECT_EQ((s * s).item(), 4.0);
}

// Catches: matmul with rows and columns swapped: [[1,2,3],[4,5,6]] @ [[1,0],[0,1],[1,1]] =
// [[1+3, 2+3], [4+6, 5+6]] = [[4, 5], [10, 11]].
TEST(Forward, MatmulOfAHandExample) {
  const Tensor a = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor b = Tensor::from({1, 0, 0, 1, 1, 1}, {3, 2});
  EXPECT_EQ(matmul(a, b).shape(), (Shape{2, 2}));
  EXPECT_EQ(matmul(a, b).values(), (Values{4, 5, 10, 11}));
  EXPECT_EQ(matmul_plain(a, b).values(), (Values{4, 5, 10, 11}));
}

// Catches: sum(axis) reducing the wrong axis, a negative axis counted from the front, keepdim
// ignored. x = [[1,2,3],[4,5,6]]: axis 0 -> [5,7,9], axis 1 -> [6,15].
TEST(Forward, SumAlongAnAxis) {
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(sum(x, 0).values(), (Values{5, 7, 9}));
  EXPECT_EQ(sum(x, 0).shape(), (Shape{3}));
  EXPECT_EQ(sum(x, 1).values(), (Values{6, 15}));
  EXPECT_EQ(sum(x, -1).values(), (Values{6, 15}));
  EXPECT_EQ(sum(x, -2).values(), (Values{5, 7, 9}));
  EXPECT_EQ(sum(x, -1, true).shape(), (Shape{2, 1}));
  EXPECT_EQ(sum(x, 0, true).shape(), (Shape{1, 3}));
  const Tensor cube = Tensor::from({1, 2, 3, 4, 5, 6, 7, 8}, {2, 2, 2});
  EXPECT_EQ(sum(cube, 1).values(), (Values{4, 6, 12, 14}));  // [1+3, 2+4, 5+7, 6+8]
}

// Catches: mean dividing by the wrong count, and sum not returning a 0-d tensor.
TEST(Forward, SumAndMeanOfEveryElement) {
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(sum(x).shape(), Shape{});
  EXPECT_EQ(sum(x).item(), 21.0);
  EXPECT_EQ(mean(x).item(), 3.5);
}

// Catches: elementwise functions applied to the wrong values or in the wrong dtype.
TEST(Forward, ElementwiseFunctions) {
  const Tensor x = Tensor::from({-1.0, 0.0, 2.0}, {3}, DType::f64);
  EXPECT_EQ(relu(x).values(), (Values{0, 0, 2}));
  EXPECT_EQ(square(x).values(), (Values{1, 0, 4}));
  EXPECT_EQ((-x).values(), (Values{1, -0.0, -2}));
  EXPECT_EQ(exp(x).values(), (Values{std::exp(-1.0), 1.0, std::exp(2.0)}));
  EXPECT_EQ(tanh(x).values(), (Values{std::tanh(-1.0), 0.0, std::tanh(2.0)}));
  EXPECT_EQ(log(Tensor::from({1.0, 4.0}, {2}, DType::f64)).values(), (Values{0.0, std::log(4.0)}));
  const Tensor f = Tensor::from({2.0}, {1}, DType::f32);
  EXPECT_EQ(exp(f).values()[0], static_cast<double>(std::exp(2.0f)));
}

// Catches: transpose as a reshape (same order) instead of a true transpose.
TEST(Forward, TransposeSwapsRowsAndColumns) {
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(transpose(x).shape(), (Shape{3, 2}));
  EXPECT_EQ(transpose(x).values(), (Values{1, 4, 2, 5, 3, 6}));
}

// Catches: reshape reordering elements, or sharing storage that a later write would corrupt.
TEST(Forward, ReshapeKeepsRowMajorOrder) {
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor y = reshape(x, {3, 2});
  EXPECT_EQ(y.shape(), (Shape{3, 2}));
  EXPECT_EQ(y.values(), x.values());
  EXPECT_EQ(reshape(Tensor::scalar(5.0), {1, 1}).shape(), (Shape{1, 1}));
}

// Catches: slice_rows returning the wrong rows or the wrong shape.
TEST(Forward, SliceRowsTakesRowsBeginToEnd) {
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {3, 2});
  EXPECT_EQ(slice_rows(x, 1, 3).values(), (Values{3, 4, 5, 6}));
  EXPECT_EQ(slice_rows(x, 1, 3).shape(), (Shape{2, 2}));
  EXPECT_EQ(slice_rows(x, 2, 2).shape(), (Shape{0, 2}));
}

// Catches: the row length computed as numel / rows, which divides by zero when there are no rows
// (an empty batch, or a slice of an empty slice).
TEST(Forward, SliceRowsOfATensorWithZeroRows) {
  const Tensor empty = Tensor::zeros({0, 3});
  EXPECT_EQ(slice_rows(empty, 0, 0).shape(), (Shape{0, 3}));
  const Tensor x = Tensor::from({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(slice_rows(slice_rows(x, 1, 1), 0, 0).shape(), (Shape{0, 2}));
}

// Catches: a Tensor copy that deep-copies (copies must alias), and detach() that aliases (it must
// not).
TEST(Forward, CopiesAliasAndDetachCopies) {
  Tensor x = Tensor::from({1, 2}, {2});
  Tensor alias = x;
  EXPECT_TRUE(alias.same(x));
  alias.mutable_data<float>()[0] = 7.0f;
  EXPECT_EQ(x.values()[0], 7.0);
  Tensor copy = x.detach();
  EXPECT_FALSE(copy.same(x));
  copy.mutable_data<float>()[1] = 9.0f;
  EXPECT_EQ(x.values()[1], 2.0);
}

// Catches: factories that ignore the dtype or the value.
TEST(Forward, Factories) {
  EXPECT_EQ(Tensor::zeros({2, 2}, DType::f64).values(), (Values{0, 0, 0, 0}));
  EXPECT_EQ(Tensor::zeros({2, 2}, DType::f64).dtype(), DType::f64);
  EXPECT_EQ(Tensor::full({3}, 1.5).values(), (Values{1.5, 1.5, 1.5}));
  EXPECT_EQ(Tensor::scalar(2.5).ndim(), 0u);
  EXPECT_EQ(Tensor::scalar(2.5).numel(), 1u);
  EXPECT_FALSE(Tensor().defined());
  EXPECT_TRUE(all_finite(Tensor::from({1.0, -2.0}, {2})));
  EXPECT_FALSE(all_finite(Tensor::from({1.0, std::nan("")}, {2})));
}

// Catches: numel_of counting a 0-d shape as 0 elements or skipping a zero-sized dimension (the
// tests' generators size their values with it).
TEST(Forward, NumelOfIsTheProductOfTheDimensions) {
  EXPECT_EQ(numel_of({}), 1u);
  EXPECT_EQ(numel_of({5}), 5u);
  EXPECT_EQ(numel_of({2, 3, 4}), 24u);
  EXPECT_EQ(numel_of({3, 0, 2}), 0u);
  EXPECT_EQ(Tensor::zeros({2, 3, 4}).numel(), numel_of({2, 3, 4}));
}

// Catches: uniform and normal factories that draw in a different order or range than documented.
TEST(Forward, RandomFactoriesDrawRowMajorFromTheGenerator) {
  Generator gen(3), replay(3);
  const Tensor u = Tensor::uniform({2, 2}, -1.0, 3.0, gen, DType::f64);
  for (double v : u.values()) EXPECT_EQ(v, -1.0 + 4.0 * replay.uniform());
  const Tensor n = Tensor::normal({3}, 1.0, 2.0, gen, DType::f64);
  for (double v : n.values()) EXPECT_EQ(v, 1.0 + 2.0 * replay.normal());
}

}  // namespace
}  // namespace tinyllm
