// Gradients of + - * / (tensor-tensor with broadcasting, tensor-double, double-tensor) against
// float64 central finite differences, on shapes and values RapidCheck chooses.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.hpp"
#include "gradcheck.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using course_gen::broadcast_shapes;
using course_gen::grid_tensor;
using course_gen::grid_tensor_away_from_zero;
using testing::gradcheck;

using testing::require_gradients_match;

// Returns a double on the grid k / 256 with magnitude in [0.5, 2], either sign.
rc::Gen<double> gen_nonzero_scalar() {
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(128, 513), rc::gen::arbitrary<bool>()),
      [](std::pair<int, bool> v) { return (v.second ? -v.first : v.first) / 256.0; });
}

// Catches: a broadcast operand's gradient not summed back to its shape (or summed over the wrong
// dimensions), e.g. (3, 1) + (1, 4) or (2, 3) + (3,).
RC_GTEST_PROP(BinaryGradient, AddSumsBroadcastGradientsBackToEachOperandsShape, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -2, 2), b = *grid_tensor(sb, -2, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return x[0] + x[1]; }, {a, b});
}

// Catches: subtraction's second gradient not negated.
RC_GTEST_PROP(BinaryGradient, SubNegatesTheSecondOperandsGradient, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -2, 2), b = *grid_tensor(sb, -2, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return x[0] - x[1]; }, {a, b});
}

// Catches: the product rule with the operands swapped or a broadcast partner not expanded.
RC_GTEST_PROP(BinaryGradient, MulUsesTheOtherOperandAsEachGradient, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -2, 2), b = *grid_tensor(sb, -2, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return x[0] * x[1]; }, {a, b});
}

// Catches: d(a/b)/db written as -a/b (missing a 1/b) or with the wrong sign.
RC_GTEST_PROP(BinaryGradient, DivGivesOneOverBAndMinusAOverBSquared, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -2, 2), b = *grid_tensor_away_from_zero(sb, 0.5, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return x[0] / x[1]; }, {a, b});
}

// Catches: a tensor-double op that treats the double as a tensor needing a gradient, or drops the
// scale a double factor contributes.
RC_GTEST_PROP(BinaryGradient, TensorOpDoubleDifferentiatesTheTensorOnly, ()) {
  const Tensor a = *grid_tensor(*course_gen::shapes(), -2, 2);
  const double s = *gen_nonzero_scalar();
  require_gradients_match([s](const std::vector<Tensor>& x) { return x[0] + s; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return x[0] - s; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return x[0] * s; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return x[0] / s; }, {a});
}

// Catches: double-tensor ops computed as tensor-double (s - x as x - s, s / x as x / s).
RC_GTEST_PROP(BinaryGradient, DoubleOpTensorKeepsTheOperandOrder, ()) {
  const Shape shape = *course_gen::shapes();
  const Tensor a = *grid_tensor(shape, -2, 2),
               positive = *grid_tensor_away_from_zero(shape, 0.5, 2);
  const double s = *gen_nonzero_scalar();
  require_gradients_match([s](const std::vector<Tensor>& x) { return s + x[0]; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return s - x[0]; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return s * x[0]; }, {a});
  require_gradients_match([s](const std::vector<Tensor>& x) { return s / x[0]; }, {positive});
}

// Catches: a node's gradients overwritten instead of added when a tensor feeds several ops (the
// diamond x -> y -> (y*y, y) -> z), and the same tensor passed as both operands.
RC_GTEST_PROP(BinaryGradient, ReusedTensorsAddTheirGradientsFromEveryUse, ()) {
  const Tensor a = *grid_tensor(*course_gen::shapes(), -2, 2);
  require_gradients_match(
      [](const std::vector<Tensor>& x) {
        const Tensor y = x[0] * 3.0 - 1.0;
        return y * y + y - x[0] * x[0];
      },
      {a});
}

}  // namespace
}  // namespace tinyllm
