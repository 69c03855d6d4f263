// Linear: forward against a hand computation, parameter order, and PyTorch's initialisation.
#include <gtest/gtest.h>

#include <cmath>

#include "tinyllm/nn.hpp"

namespace tinyllm {
namespace {
using Values = std::vector<double>;

// Catches: x W instead of x W^T, or the bias added per row instead of per output.
// x = [[1, 2], [3, 4]], W = [[1, 0], [1, 1], [0, 2]], b = [10, 20, 30]:
// row 1: [1, 1+2, 4] + b = [11, 23, 34]; row 2: [3, 3+4, 8] + b = [13, 27, 38].
TEST(Linear, ForwardIsXTimesWeightTransposedPlusBias) {
  Generator gen(0);
  nn::Linear layer(2, 3, gen, true, DType::f64);
  layer.weight.assign(Tensor::from({1, 0, 1, 1, 0, 2}, {3, 2}, DType::f64));
  layer.bias.assign(Tensor::from({10, 20, 30}, {3}, DType::f64));
  const Tensor y = layer(Tensor::from({1, 2, 3, 4}, {2, 2}, DType::f64));
  EXPECT_EQ(y.shape(), (Shape{2, 3}));
  EXPECT_EQ(y.values(), (Values{11, 23, 34, 13, 27, 38}));
}

// Catches: parameters() in another order than weight then bias, or a missing bias handle added.
TEST(Linear, ParametersAreWeightThenBias) {
  Generator gen(0);
  nn::Linear with_bias(4, 2, gen);
  const auto params = with_bias.parameters();
  ASSERT_EQ(params.size(), 2u);
  EXPECT_TRUE(params[0].same(with_bias.weight));
  EXPECT_TRUE(params[1].same(with_bias.bias));
  EXPECT_EQ(with_bias.weight.shape(), (Shape{2, 4}));
  EXPECT_EQ(with_bias.bias.shape(), (Shape{2}));
  EXPECT_TRUE(params[0].requires_grad());
  EXPECT_TRUE(params[1].requires_grad());
  nn::Linear no_bias(4, 2, gen, false);
  EXPECT_FALSE(no_bias.bias.defined());
  ASSERT_EQ(no_bias.parameters().size(), 1u);
  EXPECT_EQ(no_bias.forward(Tensor::zeros({1, 4})).values(), (Values{0, 0}));
}

// Catches: an init bound other than PyTorch's 1/sqrt(in) (e.g. 1/in or sqrt(6/in)), or weights and
// bias drawn in another order: weight first, row-major, then bias, each lo + (hi - lo) * u.
TEST(Linear, InitialisationDrawsUniformWithBoundOneOverSqrtIn) {
  Generator gen(123), replay(123);
  nn::Linear layer(16, 5, gen, true, DType::f64);
  const double bound = 1.0 / std::sqrt(16.0);  // 0.25
  for (double w : layer.weight.values()) EXPECT_EQ(w, -bound + 2 * bound * replay.uniform());
  for (double b : layer.bias.values()) EXPECT_EQ(b, -bound + 2 * bound * replay.uniform());
  EXPECT_EQ(gen.get_state(), replay.get_state());
}

// Catches: the dtype argument ignored.
TEST(Linear, ParametersHaveTheRequestedDtype) {
  Generator gen(1);
  EXPECT_EQ(nn::Linear(3, 2, gen).weight.dtype(), DType::f32);
  EXPECT_EQ(nn::Linear(3, 2, gen, true, DType::f64).bias.dtype(), DType::f64);
}

// Catches: an input of the wrong width accepted (or reported without the shapes).
TEST(Linear, WrongInputWidthNamesTheShapes) {
  Generator gen(1);
  nn::Linear layer(3, 2, gen);
  try {
    layer(Tensor::zeros({4, 5}));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("Linear"), std::string::npos) << message;
    EXPECT_NE(message.find("(4, 5)"), std::string::npos) << message;
    EXPECT_NE(message.find("(rows, 3)"), std::string::npos) << message;
  }
  EXPECT_THROW(nn::Linear(0, 2, gen), std::invalid_argument);
}

}  // namespace
}  // namespace tinyllm
