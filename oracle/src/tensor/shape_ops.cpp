// Ops that move elements without arithmetic: transpose, reshape, slice_rows.
#include <cstring>

#include "tensor/impl.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;

Tensor transpose(const Tensor& x) {
  if (!x.defined()) throw std::invalid_argument("transpose: the operand is an empty handle");
  if (x.ndim() != 2)
    throw std::invalid_argument("transpose: needs a 2-D tensor, got shape " +
                                shape_string(x.shape()));
  const std::size_t rows = x.shape()[0], cols = x.shape()[1];
  Tensor out = make_tensor({cols, rows}, x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c) o[c * rows + r] = in[r * cols + c];
  });
  return from_op(
      out, {x},
      [](const Tensor& up) -> std::vector<std::optional<Tensor>> { return {transpose(up)}; },
      "transpose");
}

Tensor reshape(const Tensor& x, Shape shape) {
  if (!x.defined()) throw std::invalid_argument("reshape: the operand is an empty handle");
  if (numel_of(shape) != x.numel())
    throw std::invalid_argument("reshape: cannot reshape " + shape_string(x.shape()) + " (" +
                                std::to_string(x.numel()) + " elements) to " + shape_string(shape) +
                                " (" + std::to_string(numel_of(shape)) + " elements)");
  Tensor out = x.detach();
  out.impl()->shape = std::move(shape);
  const Shape original = x.shape();
  return from_op(
      out, {x},
      [original](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {reshape(up, original)};
      },
      "reshape");
}

Tensor slice_rows(const Tensor& x, std::size_t begin, std::size_t end) {
  if (!x.defined()) throw std::invalid_argument("slice_rows: the operand is an empty handle");
  if (x.ndim() == 0 || begin > end || end > x.shape()[0])
    throw std::invalid_argument("slice_rows: rows [" + std::to_string(begin) + ", " +
                                std::to_string(end) + ") do not fit shape " +
                                shape_string(x.shape()) + "; needs begin <= end <= dim 0");
  Shape shape = x.shape();
  // Elements per row as the product of the trailing dimensions (numel / rows divides by zero when
  // there are no rows).
  std::size_t row = 1;
  for (std::size_t d = 1; d < shape.size(); ++d) row *= shape[d];
  shape[0] = end - begin;
  Tensor out = make_tensor(shape, x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    std::copy_n(x.impl()->storage->as<T>() + begin * row, (end - begin) * row,
                out.impl()->storage->as<T>());
  });
  const Shape full = x.shape();
  return from_op(
      out, {x},
      [full, begin, row](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        Tensor g = make_tensor(full, up.dtype());
        dispatch(up.dtype(), [&](auto zero) {
          using T = decltype(zero);
          std::copy_n(up.impl()->storage->as<T>(), up.numel(),
                      g.impl()->storage->as<T>() + begin * row);
        });
        return {g};
      },
      "slice_rows");
}

}  // namespace tinyllm
