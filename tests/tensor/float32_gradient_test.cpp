// The float32 path of every op's backward: its gradients must match the float64 path (which the
// finite-difference tests check) to float32 precision, and come back as float32.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <functional>

#include "generators.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using course_gen::broadcast_shapes;
using course_gen::grid_tensor;
using Fn = std::function<Tensor(const Tensor&, const Tensor&)>;

// Returns the gradients of sum(f(a, b)) with a and b stored as `dtype`.
std::pair<Tensor, Tensor> gradients(const Fn& f, const Tensor& a, const Tensor& b, DType dtype) {
  Tensor la = Tensor::from(a.values(), a.shape(), dtype);
  Tensor lb = Tensor::from(b.values(), b.shape(), dtype);
  la.requires_grad_();
  lb.requires_grad_();
  sum(f(la, lb)).backward();
  return {la.grad(), lb.grad()};
}

// Fails the property unless the f32 gradient is f32 and within 1e-5 relative of the f64 one.
void require_close(const Tensor& g32, const Tensor& g64, const char* what) {
  RC_ASSERT(g32.dtype() == DType::f32);
  const auto v32 = g32.values(), v64 = g64.values();
  for (std::size_t i = 0; i < v64.size(); ++i)
    if (std::abs(v32[i] - v64[i]) > 1e-5 * std::max(1.0, std::abs(v64[i])))
      RC_FAIL(std::string(what) + ": element " + std::to_string(i) + " f32 gradient " +
              std::to_string(v32[i]) + " vs f64 " + std::to_string(v64[i]));
}

// Catches: a float32 branch of a VJP that differs from the float64 one (a dispatch on the wrong
// dtype, a float-only formula slip), or gradients returned in float64 for float32 leaves.
RC_GTEST_PROP(Float32Gradient, EveryOpMatchesItsFloat64Gradient, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -2, 2);
  const Tensor b = *course_gen::grid_tensor_away_from_zero(sb, 0.5, 2);
  const std::vector<std::pair<const char*, Fn>> ops = {
      {"add", [](const Tensor& x, const Tensor& y) { return x + y; }},
      {"sub", [](const Tensor& x, const Tensor& y) { return x - y; }},
      {"mul", [](const Tensor& x, const Tensor& y) { return x * y; }},
      {"div", [](const Tensor& x, const Tensor& y) { return x / y; }},
      {"scalars", [](const Tensor& x, const Tensor& y) { return (2.0 - x) * 0.5 + 1.0 / y; }},
      {"unary",
       [](const Tensor& x, const Tensor& y) {
         return -square(x) + exp(x) + tanh(x) + relu(y) + log(square(y));
       }},
      {"mean", [](const Tensor& x, const Tensor& y) { return mean(x) * mean(y); }}};
  for (const auto& [name, f] : ops) {
    const auto [a32, b32] = gradients(f, a, b, DType::f32);
    const auto [a64, b64] = gradients(f, a, b, DType::f64);
    require_close(a32, a64, name);
    require_close(b32, b64, name);
  }
}

// Catches: the float32 matmul, transpose, reshape, sum(axis) and slice_rows backward differing
// from float64.
RC_GTEST_PROP(Float32Gradient, MatmulAndShapeOpsMatchTheirFloat64Gradient, ()) {
  const std::size_t m = *rc::gen::inRange<std::size_t>(1, 5),
                    k = *rc::gen::inRange<std::size_t>(1, 5),
                    n = *rc::gen::inRange<std::size_t>(1, 5);
  const Tensor a = *grid_tensor({m, k}, -2, 2), b = *grid_tensor({n, k}, -2, 2);
  const Fn f = [m, n](const Tensor& x, const Tensor& y) {
    const Tensor product = matmul(x, transpose(y));  // (m, n)
    return sum(reshape(product, {n, m}), -1) * 2.0 + sum(slice_rows(product, 0, 1), 0, true);
  };
  const auto [a32, b32] = gradients(f, a, b, DType::f32);
  const auto [a64, b64] = gradients(f, a, b, DType::f64);
  require_close(a32, a64, "a");
  require_close(b32, b64, "b");
}

}  // namespace
}  // namespace tinyllm
