// The softmax of attention, with its causal mask. Both run along the rows of a 2-D tensor in the
// tensor's dtype, columns in ascending order.
#include <cmath>
#include <limits>

#include "tensor/impl.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;
using detail::require_matrix;

Tensor softmax_rows(const Tensor& x) {
  require_matrix(x, "softmax_rows");
  const std::size_t rows = x.shape()[0], cols = x.shape()[1];
  Tensor y = make_tensor(x.shape(), x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* out = y.impl()->storage->as<T>();
    for (std::size_t r = 0; r < rows; ++r) {
      const T* row = in + r * cols;
      T* o = out + r * cols;
      T largest = -std::numeric_limits<T>::infinity();
      for (std::size_t c = 0; c < cols; ++c) largest = std::max(largest, row[c]);
      T total = 0;
      for (std::size_t c = 0; c < cols; ++c) total += o[c] = std::exp(T(row[c] - largest));
      for (std::size_t c = 0; c < cols; ++c) o[c] = T(o[c] / total);
    }
  });
  return from_op(
      y, {x},
      [y, rows, cols](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // dx = y * (dy - sum(dy * y)) per row
        Tensor g = make_tensor(up.shape(), up.dtype());
        dispatch(up.dtype(), [&](auto zero) {
          using T = decltype(zero);
          const T* u = up.impl()->storage->as<T>();
          const T* s = y.impl()->storage->as<T>();
          T* o = g.impl()->storage->as<T>();
          for (std::size_t r = 0; r < rows; ++r) {
            T dot = 0;
            for (std::size_t c = 0; c < cols; ++c) dot += T(u[r * cols + c] * s[r * cols + c]);
            for (std::size_t c = 0; c < cols; ++c)
              o[r * cols + c] = T(s[r * cols + c] * T(u[r * cols + c] - dot));
          }
        });
        return {g};
      },
      "softmax_rows");
}

Tensor causal_mask(const Tensor& x) {
  require_matrix(x, "causal_mask");
  const std::size_t n = x.shape()[0];
  if (x.shape()[1] != n)
    throw std::invalid_argument("causal_mask: needs a square tensor (positions x positions), got " +
                                shape_string(x.shape()));
  Tensor y = x.detach();
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    T* out = y.impl()->storage->as<T>();
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t c = r + 1; c < n; ++c) out[r * n + c] = -std::numeric_limits<T>::infinity();
  });
  return from_op(
      y, {x},
      [n](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        Tensor g = up.detach();
        dispatch(g.dtype(), [&](auto zero) {
          using T = decltype(zero);
          T* out = g.impl()->storage->as<T>();
          for (std::size_t r = 0; r < n; ++r)
            for (std::size_t c = r + 1; c < n; ++c) out[r * n + c] = 0;
        });
        return {g};
      },
      "causal_mask");
}

}  // namespace tinyllm
