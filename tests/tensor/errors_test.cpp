// Every bad input to a tensor op raises the contract's error, with a message that names the op, the
// shapes or values, and what was expected.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {

// Returns whether `call` throws Error with every one of `phrases` in its message; the failure
// message shows the message it got.
template <class Error>
::testing::AssertionResult throws_naming(const std::function<void()>& call,
                                         std::vector<std::string> phrases) {
  try {
    call();
  } catch (const Error& e) {
    const std::string message = e.what();
    for (const auto& phrase : phrases)
      if (message.find(phrase) == std::string::npos)
        return ::testing::AssertionFailure()
               << "message \"" << message << "\" lacks \"" << phrase << "\"";
    return ::testing::AssertionSuccess();
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw the wrong type: " << e.what();
  }
  return ::testing::AssertionFailure() << "did not throw";
}

const Tensor m23 = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});

// Catches: shapes that do not broadcast being silently truncated or recycled.
TEST(Errors, ShapesThatDoNotBroadcastNameBothShapes) {
  const Tensor v4 = Tensor::zeros({4});
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { m23 + v4; },
                                                   {"add", "(2, 3)", "(4,)", "do not broadcast"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { v4* m23; }, {"mul", "(4,)", "(2, 3)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { m23 - v4; }, {"sub"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { m23 / v4; }, {"div"}));
}

// Catches: matmul accepting mismatched inner dimensions or a non-2-D operand.
TEST(Errors, MatmulNamesTheShapesAndTheNeededForm) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>(
      [&] { matmul(m23, m23); }, {"matmul", "(2, 3) @ (2, 3)", "(m, k) @ (k, n)"}));
  const Tensor cube = Tensor::zeros({2, 3, 1});
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { matmul_plain(cube, m23); },
                                                   {"matmul", "(2, 3, 1)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { matmul(Tensor::zeros({3}), m23); },
                                                   {"matmul", "(3,)"}));
}

// Catches: transpose of a tensor that is not 2-D.
TEST(Errors, TransposeOfAWrongRankNamesTheShape) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>(
      [] {
        transpose(Tensor::zeros({2, 3, 4}));
      },
      {"transpose", "2-D", "(2, 3, 4)"}));
}

// Catches: reshape to a shape with a different number of elements.
TEST(Errors, ReshapeNamesBothShapesAndCounts) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>(
      [&] {
        reshape(m23, {4, 2});
      },
      {"reshape", "(2, 3)", "6 elements", "(4, 2)", "8 elements"}));
}

// Catches: sum along an axis outside [-rank, rank).
TEST(Errors, SumAlongAnAxisOutOfRangeNamesTheAxisAndShape) {
  EXPECT_TRUE(
      throws_naming<std::invalid_argument>([&] { sum(m23, 2); }, {"sum", "axis 2", "(2, 3)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { sum(m23, -3); }, {"axis -3"}));
  EXPECT_TRUE(
      throws_naming<std::invalid_argument>([] { sum(Tensor::scalar(1.0), 0); }, {"axis 0", "()"}));
}

// Catches: slice_rows reading past the end.
TEST(Errors, SliceRowsOutOfRangeNamesTheRowsAndShape) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { slice_rows(m23, 1, 3); },
                                                   {"slice_rows", "[1, 3)", "(2, 3)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { slice_rows(m23, 2, 1); }, {"[2, 1)"}));
}

// Catches: item() returning the first of many elements.
TEST(Errors, ItemOfManyElementsNamesTheShape) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { m23.item(); },
                                                   {"item", "exactly one element", "(2, 3)"}));
}

// Catches: grad() of a tensor without a gradient returning zeros or an empty handle.
TEST(Errors, ReadingAGradThatDoesNotExistRaises) {
  Tensor x = Tensor::zeros({2});
  x.requires_grad_();
  EXPECT_TRUE(throws_naming<std::logic_error>([&] { x.grad(); }, {"grad", "no gradient", "(2,)"}));
}

// Catches: backward() without an upstream on a many-element tensor seeding every element.
TEST(Errors, BackwardWithoutUpstreamOnManyElementsNamesTheShape) {
  Tensor x = Tensor::zeros({2});
  x.requires_grad_();
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { (x * 2.0).backward(); },
                                                   {"backward", "one element", "(2,)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { (x * 2.0).backward(Tensor::zeros({3})); },
                                                   {"backward", "(3,)", "(2,)"}));
}

// Catches: factories and setters that accept mismatched sizes, shapes or dtypes.
TEST(Errors, FactoriesAndSettersNameTheMismatch) {
  EXPECT_TRUE(throws_naming<std::invalid_argument>(
      [] {
        Tensor::from({1, 2, 3}, {2, 2});
      },
      {"Tensor::from", "3 values", "(2, 2)"}));
  Tensor x = Tensor::zeros({2}, DType::f32);
  EXPECT_TRUE(throws_naming<std::invalid_argument>(
      [&] { x.set_grad(Tensor::zeros({2}, DType::f64)); }, {"set_grad", "f64(2,)", "f32(2,)"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { x.assign(Tensor::zeros({3})); },
                                                   {"assign", "(3,)", "(2,)"}));
  EXPECT_TRUE(
      throws_naming<std::invalid_argument>([&] { x.data<double>(); }, {"data", "double", "f32"}));
  Generator gen(1);
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { Tensor::uniform({2}, 1.0, 0.0, gen); },
                                                   {"uniform", "lo <= hi"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { Tensor::normal({2}, 0.0, -1.0, gen); },
                                                   {"normal", "stddev >= 0"}));
}

// Catches: an empty handle dereferenced (a crash) instead of reported.
TEST(Errors, AnEmptyHandleIsReportedNotDereferenced) {
  const Tensor empty;
  EXPECT_TRUE(throws_naming<std::logic_error>([&] { empty.shape(); }, {"empty"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { empty + m23; }, {"add", "empty"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { exp(empty); }, {"exp", "empty"}));
  EXPECT_TRUE(throws_naming<std::invalid_argument>([&] { sum(empty); }, {"sum", "empty"}));
}

}  // namespace
}  // namespace tinyllm
