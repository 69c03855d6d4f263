// Rotary position embedding (RoFormer, as Llama uses it): position p turns each pair of columns
// (2i, 2i + 1) by the angle p * base^(-2i / dims), so q . k depends on the positions' difference.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "tensor/impl.hpp"
#include "tinyllm/llama.hpp"

namespace tinyllm::nn {
using detail::dispatch;
using detail::make_tensor;

namespace {

// Rotates each pair of `x`'s columns by the angle of its row's position, or by minus that angle
// (`inverse`, the gradient's rotation). cos and sin are computed once per position, not per row.
Tensor rotate(const Tensor& x, std::size_t period, double base, bool inverse) {
  const std::size_t rows = x.shape()[0], cols = x.shape()[1], pairs = cols / 2;
  const std::size_t positions = std::min(period, rows);
  std::vector<double> cosines(positions * pairs), sines(positions * pairs);
  for (std::size_t p = 0; p < positions; ++p)
    for (std::size_t i = 0; i < pairs; ++i) {
      const double angle = static_cast<double>(p) * std::pow(base, -2.0 * static_cast<double>(i) /
                                                                       static_cast<double>(cols));
      cosines[p * pairs + i] = std::cos(angle);
      sines[p * pairs + i] = inverse ? -std::sin(angle) : std::sin(angle);
    }
  Tensor y = make_tensor(x.shape(), x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* out = y.impl()->storage->as<T>();
    for (std::size_t r = 0; r < rows; ++r) {
      const std::size_t p = r % period;
      for (std::size_t i = 0; i < pairs; ++i) {
        const T c = static_cast<T>(cosines[p * pairs + i]);
        const T s = static_cast<T>(sines[p * pairs + i]);
        const T a = in[r * cols + 2 * i], b = in[r * cols + 2 * i + 1];
        out[r * cols + 2 * i] = T(T(a * c) - T(b * s));
        out[r * cols + 2 * i + 1] = T(T(a * s) + T(b * c));
      }
    }
  });
  return y;
}

}  // namespace

Tensor rotary(const Tensor& x, std::size_t period, double base) {
  if (!x.defined() || x.ndim() != 2 || x.shape()[1] % 2 != 0)
    throw std::invalid_argument("rotary: needs a 2-D tensor with an even number of columns, got " +
                                (x.defined() ? shape_string(x.shape()) : "an empty handle"));
  if (period == 0 || !(base > 0))
    throw std::invalid_argument("rotary: the period and the base must be positive");
  return from_op(
      rotate(x, period, base, false), {x},
      [period, base](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {rotate(up, period, base, true)};  // a rotation's transpose is its inverse
      },
      "rotary");
}

}  // namespace tinyllm::nn
