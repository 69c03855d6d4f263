// Gradients of matmul, matmul_plain, the reductions and the shape ops against float64 central
// finite differences, on shapes RapidCheck chooses.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.hpp"
#include "gradcheck.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using course_gen::grid_tensor;
using course_gen::shapes;

using testing::require_gradients_match;

rc::Gen<std::size_t> gen_dim() {
  return rc::gen::inRange<std::size_t>(1, 6);
}

// Catches: dA = dY B instead of dY B^T, dB = A dY instead of A^T dY (shapes can hide it when
// square, so m, k, n vary independently).
RC_GTEST_PROP(StructuralGradient, MatmulGivesUpstreamTimesTheOtherTransposed, ()) {
  const std::size_t m = *gen_dim(), k = *gen_dim(), n = *gen_dim();
  const Tensor a = *grid_tensor({m, k}, -2, 2), b = *grid_tensor({k, n}, -2, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return matmul(x[0], x[1]); }, {a, b});
  require_gradients_match([](const std::vector<Tensor>& x) { return matmul_plain(x[0], x[1]); },
                          {a, b});
}

// Catches: sum's gradient not broadcast to every element (or scaled by numel).
RC_GTEST_PROP(StructuralGradient, SumSendsTheUpstreamToEveryElement, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return sum(x[0]); },
                          {*grid_tensor(*shapes(), -2, 2)});
}

// Catches: mean's gradient without the 1 / numel.
RC_GTEST_PROP(StructuralGradient, MeanDividesTheUpstreamByNumel, ()) {
  require_gradients_match([](const std::vector<Tensor>& x) { return mean(x[0]); },
                          {*grid_tensor(*shapes(), -2, 2)});
}

// Catches: sum(axis)'s gradient broadcast along the wrong axis, a negative axis read from the
// front, or keepdim changing the gradient.
RC_GTEST_PROP(StructuralGradient, SumAlongAnAxisBroadcastsBackAlongThatAxis, ()) {
  const Shape shape = *shapes(1, 3, 4);
  const int rank = static_cast<int>(shape.size());
  const int axis = *rc::gen::inRange(-rank, rank);
  const bool keepdim = *rc::gen::arbitrary<bool>();
  require_gradients_match(
      [axis, keepdim](const std::vector<Tensor>& x) { return sum(x[0], axis, keepdim); },
      {*grid_tensor(shape, -2, 2)});
}

// Catches: transpose's gradient passed through untransposed.
RC_GTEST_PROP(StructuralGradient, TransposeTransposesTheGradient, ()) {
  const Tensor a = *grid_tensor({*gen_dim(), *gen_dim()}, -2, 2);
  require_gradients_match([](const std::vector<Tensor>& x) { return transpose(x[0]); }, {a});
}

// Catches: reshape's gradient left in the new shape or reordered.
RC_GTEST_PROP(StructuralGradient, ReshapeRestoresTheGradientsShape, ()) {
  const std::size_t rows = *gen_dim(), cols = *gen_dim();
  const Tensor a = *grid_tensor({rows, cols}, -2, 2);
  require_gradients_match(
      [rows, cols](const std::vector<Tensor>& x) {
        return reshape(x[0], {cols, 1, rows});
      },
      {a});
  require_gradients_match(
      [](const std::vector<Tensor>& x) { return reshape(x[0], {x[0].numel()}); }, {a});
}

// Catches: slice_rows' gradient written to rows [0, end - begin) instead of [begin, end), or the
// rows outside the slice given non-zero gradient.
RC_GTEST_PROP(StructuralGradient, SliceRowsPutsTheGradientInTheSlicedRows, ()) {
  const Shape shape = *shapes(1, 3, 5);
  const std::size_t begin = *rc::gen::inRange<std::size_t>(0, shape[0] + 1);
  const std::size_t end = *rc::gen::inRange<std::size_t>(begin, shape[0] + 1);
  require_gradients_match(
      [begin, end](const std::vector<Tensor>& x) { return slice_rows(x[0], begin, end) * 2.0; },
      {*grid_tensor(shape, -2, 2)});
}

// Catches: to()'s gradient left in the target dtype instead of converted back (it is the identity
// up to rounding, so a coarse step keeps float32's rounding out of the differences).
RC_GTEST_PROP(StructuralGradient, ToPassesTheGradientThroughTheConversion, ()) {
  const std::string error =
      testing::gradcheck([](const std::vector<Tensor>& x) { return x[0].to(DType::f32) * 3.0; },
                         {*grid_tensor(*shapes(), -2, 2)}, {.step = 1.0 / 64, .tolerance = 1e-5});
  if (!error.empty()) RC_FAIL(error);
}

}  // namespace
}  // namespace tinyllm
