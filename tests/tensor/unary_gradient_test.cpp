// Gradients of neg, square, exp, log, relu, tanh against float64 central finite differences.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.hpp"
#include "gradcheck.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using course_gen::grid_tensor;
using course_gen::grid_tensor_away_from_zero;
using course_gen::shapes;

using testing::require_gradients_match;

// Catches: neg passing the gradient through unnegated.
RC_GTEST_PROP(UnaryGradient, NegNegatesTheGradient, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return -x[0]; },
                          *grid_tensor(*shapes(), -2, 2));
}

// Catches: d(x^2) written as x (missing the factor 2).
RC_GTEST_PROP(UnaryGradient, SquareGivesTwoX, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return square(x[0]); },
                          *grid_tensor(*shapes(), -2, 2));
}

// Catches: exp's gradient taken from the input instead of the output.
RC_GTEST_PROP(UnaryGradient, ExpGivesItsOwnOutput, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return exp(x[0]); },
                          *grid_tensor(*shapes(), -2, 2));
}

// Catches: log's gradient as x or 1/x^2; inputs are kept in [0.25, 3] where log is smooth.
RC_GTEST_PROP(UnaryGradient, LogGivesOneOverX, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return log(x[0]); },
                          *grid_tensor(*shapes(), 0.25, 3));
}

// Catches: relu's gradient passed where x < 0, or masked by the output's sign wrongly; inputs keep
// |x| >= 1/16 so the differences never straddle the kink at 0.
RC_GTEST_PROP(UnaryGradient, ReluPassesTheGradientWherePositive, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return relu(x[0]); },
                          *grid_tensor_away_from_zero(*shapes(), 0.0625, 2));
}

// Catches: tanh's gradient as 1 - x^2 (the input) instead of 1 - tanh(x)^2.
RC_GTEST_PROP(UnaryGradient, TanhGivesOneMinusOutputSquared, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return tanh(x[0]); },
                          *grid_tensor(*shapes(), -2, 2));
}

// Catches: a chain rule that multiplies in the wrong order or loses a factor through several ops.
RC_GTEST_PROP(UnaryGradient, CompositionsFollowTheChainRule, ()) {
  require_gradients_match(
      [](const std::vector<Tensor>& x) { return tanh(exp(x[0]) * 0.5) + log(square(x[0]) + 1.0); },
      *grid_tensor(*shapes(), -2, 2));
}

// Catches: relu's gradient at exactly 0 taken as 1 (PyTorch, and the contract, use 0 there).
TEST(UnaryGradient, ReluGradientAtZeroIsZero) {
  Tensor x = Tensor::from({-1.0, 0.0, 2.0}, {3}, DType::f64);
  x.requires_grad_();
  sum(relu(x)).backward();
  EXPECT_EQ(x.grad().values(), (std::vector<double>{0.0, 0.0, 1.0}));
}

}  // namespace
}  // namespace tinyllm
