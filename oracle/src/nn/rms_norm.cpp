// RMSNorm: each row scaled to a root mean square of one, then by a learned weight.
#include <cmath>
#include <stdexcept>
#include <string>

#include "tensor/impl.hpp"
#include "tinyllm/llama.hpp"

namespace tinyllm::nn {
using detail::dispatch;
using detail::make_tensor;

Tensor rms_normalize(const Tensor& x, double eps) {
  if (!x.defined() || x.ndim() != 2 || x.shape()[1] == 0)
    throw std::invalid_argument("rms_normalize: needs a 2-D tensor with columns, got " +
                                (x.defined() ? shape_string(x.shape()) : "an empty handle"));
  if (!(eps > 0)) throw std::invalid_argument("rms_normalize: eps must be positive");
  const std::size_t rows = x.shape()[0], cols = x.shape()[1];
  Tensor y = make_tensor(x.shape(), x.dtype());
  Tensor inverse_rms = make_tensor({rows}, x.dtype());  // 1 / sqrt(mean(x^2) + eps), per row
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* out = y.impl()->storage->as<T>();
    T* inv = inverse_rms.impl()->storage->as<T>();
    for (std::size_t r = 0; r < rows; ++r) {
      T squares = 0;
      for (std::size_t c = 0; c < cols; ++c) squares += T(in[r * cols + c] * in[r * cols + c]);
      inv[r] = T(1 / std::sqrt(T(T(squares / T(cols)) + T(eps))));
      for (std::size_t c = 0; c < cols; ++c) out[r * cols + c] = T(in[r * cols + c] * inv[r]);
    }
  });
  return from_op(
      y, {x},
      [x, inverse_rms, rows, cols](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // y = x s with s = (mean(x^2) + eps)^(-1/2): dx_j = s dy_j - x_j s^3 mean(dy * x)
        Tensor g = make_tensor(x.shape(), x.dtype());
        dispatch(x.dtype(), [&](auto zero) {
          using T = decltype(zero);
          const T* in = x.impl()->storage->as<T>();
          const T* u = up.impl()->storage->as<T>();
          const T* inv = inverse_rms.impl()->storage->as<T>();
          T* out = g.impl()->storage->as<T>();
          for (std::size_t r = 0; r < rows; ++r) {
            T dot = 0;
            for (std::size_t c = 0; c < cols; ++c) dot += T(u[r * cols + c] * in[r * cols + c]);
            const T s = inv[r];
            const T coefficient = T(T(T(s * s) * s) * T(dot / T(cols)));
            for (std::size_t c = 0; c < cols; ++c)
              out[r * cols + c] = T(T(s * u[r * cols + c]) - T(in[r * cols + c] * coefficient));
          }
        });
        return {g};
      },
      "rms_normalize");
}

RMSNorm::RMSNorm(std::size_t dim, double eps_) : weight(Tensor::full({dim}, 1.0)), eps(eps_) {
  if (dim == 0) throw std::invalid_argument("RMSNorm: dim must be positive");
  weight.requires_grad_();
}

Tensor RMSNorm::forward(const Tensor& x) {
  return rms_normalize(x, eps) * weight;
}

std::vector<Tensor> RMSNorm::parameters() {
  return {weight};
}

}  // namespace tinyllm::nn
