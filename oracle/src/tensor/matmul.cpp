// The one matmul dispatch point, and the plain product it wraps.
#include "tensor/impl.hpp"
#include "tinyllm/train/precision.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;

Tensor matmul_plain(const Tensor& a, const Tensor& b) {
  if (!a.defined() || !b.defined())
    throw std::invalid_argument("matmul: an operand is an empty handle");
  if (a.ndim() != 2 || b.ndim() != 2 || a.shape()[1] != b.shape()[0])
    throw std::invalid_argument("matmul: needs (m, k) @ (k, n), got " + shape_string(a.shape()) +
                                " @ " + shape_string(b.shape()));
  const std::size_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  const DType dtype = detail::promote(a.dtype(), b.dtype());
  const Tensor wa = a.dtype() == dtype ? a : a.detach().to(dtype);
  const Tensor wb = b.dtype() == dtype ? b : b.detach().to(dtype);
  Tensor out = make_tensor({m, n}, dtype);
  dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* pa = wa.impl()->storage->as<T>();
    const T* pb = wb.impl()->storage->as<T>();
    T* c = out.impl()->storage->as<T>();
    // i-k-j order: each c[i][j] starts at zero and adds a[i][p] * b[p][j] for p = 0, 1, ..., k-1,
    // the ascending order the contract fixes, while reading b row by row.
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t p = 0; p < k; ++p) {
        const T av = pa[i * k + p];
        const T* brow = pb + p * n;
        T* crow = c + i * n;
        for (std::size_t j = 0; j < n; ++j) crow[j] += T(av * brow[j]);
      }
  });
  return from_op(
      out, {a, b},
      [a, b](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // Y = A B: dA = dY B^T, dB = A^T dY
        return {matmul_plain(up, transpose(b)), matmul_plain(transpose(a), up)};
      },
      "matmul");
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  if (const auto dtype = train::autocast_dtype()) return train::autocast_matmul(a, b, *dtype);
  return matmul_plain(a, b);
}

}  // namespace tinyllm
