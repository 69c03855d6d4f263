// Reductions. The order is fixed: sum adds in ascending (row-major) index order, in the tensor's
// dtype, starting from zero.
#include "tensor/impl.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;

Tensor sum(const Tensor& x) {
  if (!x.defined()) throw std::invalid_argument("sum: the operand is an empty handle");
  Tensor out = make_tensor({}, x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T total = 0;
    for (std::size_t i = 0; i < x.numel(); ++i) total += in[i];
    out.impl()->storage->as<T>()[0] = total;
  });
  const Shape shape = x.shape();
  return from_op(
      out, {x},
      [shape](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {detail::broadcast_to(up, shape)};
      },
      "sum");
}

Tensor mean(const Tensor& x) {
  if (!x.defined()) throw std::invalid_argument("mean: the operand is an empty handle");
  if (x.numel() == 0)
    throw std::invalid_argument("mean: the tensor of shape " + shape_string(x.shape()) +
                                " has no elements");
  return sum(x) / static_cast<double>(x.numel());
}

Tensor sum(const Tensor& x, int axis, bool keepdim) {
  if (!x.defined()) throw std::invalid_argument("sum: the operand is an empty handle");
  const int rank = static_cast<int>(x.ndim());
  if (axis < -rank || axis >= rank)
    throw std::invalid_argument("sum: axis " + std::to_string(axis) +
                                " is out of range for shape " + shape_string(x.shape()) +
                                " (rank " + std::to_string(rank) + ")");
  const std::size_t a = static_cast<std::size_t>(axis < 0 ? axis + rank : axis);
  const Shape& in_shape = x.shape();
  std::size_t outer = 1, inner = 1;
  for (std::size_t d = 0; d < a; ++d) outer *= in_shape[d];
  for (std::size_t d = a + 1; d < in_shape.size(); ++d) inner *= in_shape[d];
  const std::size_t length = in_shape[a];
  Shape kept = in_shape;
  kept[a] = 1;
  Shape out_shape = kept;
  if (!keepdim) out_shape.erase(out_shape.begin() + static_cast<std::ptrdiff_t>(a));
  Tensor out = make_tensor(out_shape, x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    for (std::size_t i = 0; i < outer; ++i)
      for (std::size_t k = 0; k < length; ++k)
        for (std::size_t j = 0; j < inner; ++j)
          o[i * inner + j] += in[(i * length + k) * inner + j];
  });
  return from_op(
      out, {x},
      [in_shape, kept](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {detail::broadcast_to(reshape(up, kept), in_shape)};
      },
      "sum(axis)");
}

}  // namespace tinyllm
