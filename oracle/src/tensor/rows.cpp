// Ops that move rows and columns of 2-D tensors: the column slice and the concatenations that
// split and join attention heads and sequences, and the row gather of a token embedding.
#include <algorithm>
#include <cmath>

#include "tensor/impl.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;
using detail::require_matrix;

namespace {

// Copies the block of `rows` x `cols` elements at (row0, col0) of `from` (`from_cols` wide) to
// (to_row0, to_col0) of `to` (`to_cols` wide).
template <class T>
void copy_block(const T* from, std::size_t from_cols, std::size_t row0, std::size_t col0, T* to,
                std::size_t to_cols, std::size_t to_row0, std::size_t to_col0, std::size_t rows,
                std::size_t cols) {
  for (std::size_t r = 0; r < rows; ++r)
    std::copy_n(from + (row0 + r) * from_cols + col0, cols, to + (to_row0 + r) * to_cols + to_col0);
}

// Returns the parts of one dtype stacked along `axis` (0: rows, 1: columns) and its node.
Tensor concat(const std::vector<Tensor>& parts, std::size_t axis, const char* op) {
  if (parts.empty()) throw std::invalid_argument(std::string(op) + ": needs at least one part");
  for (const Tensor& p : parts) require_matrix(p, op);
  const std::size_t other = 1 - axis;
  const DType dtype = parts[0].dtype();
  std::vector<std::size_t> offsets;
  std::size_t total = 0;
  for (const Tensor& p : parts) {
    if (p.dtype() != dtype || p.shape()[other] != parts[0].shape()[other])
      throw std::invalid_argument(
          std::string(op) + ": part of shape " + shape_string(p.shape()) + " " +
          std::string(dtype_name(p.dtype())) + " does not fit " + shape_string(parts[0].shape()) +
          " " + std::string(dtype_name(dtype)) + "; the parts need one dtype and equal " +
          (axis == 0 ? "columns" : "rows"));
    offsets.push_back(total);
    total += p.shape()[axis];
  }
  Shape shape = parts[0].shape();
  shape[axis] = total;
  Tensor out = make_tensor(shape, dtype);
  const std::size_t out_cols = shape[1];
  dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const Shape& s = parts[i].shape();
      copy_block(parts[i].impl()->storage->template as<T>(), s[1], 0, 0,
                 out.impl()->storage->template as<T>(), out_cols, axis == 0 ? offsets[i] : 0,
                 axis == 1 ? offsets[i] : 0, s[0], s[1]);
    }
  });
  std::vector<Shape> shapes;
  for (const Tensor& p : parts) shapes.push_back(p.shape());
  return from_op(
      out, parts,
      [shapes, offsets, axis](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        std::vector<std::optional<Tensor>> grads;
        for (std::size_t i = 0; i < shapes.size(); ++i)
          grads.push_back(axis == 0 ? slice_rows(up, offsets[i], offsets[i] + shapes[i][0])
                                    : slice_cols(up, offsets[i], offsets[i] + shapes[i][1]));
        return grads;
      },
      op);
}

}  // namespace

Tensor slice_cols(const Tensor& x, std::size_t begin, std::size_t end) {
  require_matrix(x, "slice_cols");
  const std::size_t rows = x.shape()[0], cols = x.shape()[1];
  if (begin > end || end > cols)
    throw std::invalid_argument("slice_cols: columns [" + std::to_string(begin) + ", " +
                                std::to_string(end) + ") do not fit shape " +
                                shape_string(x.shape()) + "; needs begin <= end <= dim 1");
  Tensor out = make_tensor({rows, end - begin}, x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    copy_block(x.impl()->storage->as<T>(), cols, 0, begin, out.impl()->storage->as<T>(),
               end - begin, 0, 0, rows, end - begin);
  });
  return from_op(
      out, {x},
      [rows, cols, begin](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        Tensor g = make_tensor({rows, cols}, up.dtype());
        const std::size_t width = up.shape()[1];
        dispatch(up.dtype(), [&](auto zero) {
          using T = decltype(zero);
          copy_block(up.impl()->storage->as<T>(), width, 0, 0, g.impl()->storage->as<T>(), cols, 0,
                     begin, rows, width);
        });
        return {g};
      },
      "slice_cols");
}

Tensor concat_rows(const std::vector<Tensor>& parts) {
  return concat(parts, 0, "concat_rows");
}

Tensor concat_cols(const std::vector<Tensor>& parts) {
  return concat(parts, 1, "concat_cols");
}

Tensor gather_rows(const Tensor& table, const Tensor& indices) {
  require_matrix(table, "gather_rows");
  if (!indices.defined())
    throw std::invalid_argument("gather_rows: the indices are an empty handle");
  const std::size_t rows = table.shape()[0], cols = table.shape()[1];
  std::vector<std::size_t> picked;
  picked.reserve(indices.numel());
  for (const double v : indices.values()) {
    if (!(v >= 0 && v < static_cast<double>(rows)) || v != std::floor(v))
      throw std::invalid_argument("gather_rows: index " + std::to_string(v) +
                                  " is not a whole number in [0, " + std::to_string(rows) +
                                  ") (the table has shape " + shape_string(table.shape()) + ")");
    picked.push_back(static_cast<std::size_t>(v));
  }
  Tensor out = make_tensor({picked.size(), cols}, table.dtype());
  dispatch(table.dtype(), [&](auto zero) {
    using T = decltype(zero);
    for (std::size_t i = 0; i < picked.size(); ++i)
      copy_block(table.impl()->storage->as<T>(), cols, picked[i], 0, out.impl()->storage->as<T>(),
                 cols, i, 0, 1, cols);
  });
  return from_op(
      out, {table},
      [picked, rows, cols](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        Tensor g = make_tensor({rows, cols}, up.dtype());
        dispatch(up.dtype(), [&](auto zero) {
          using T = decltype(zero);
          const T* u = up.impl()->storage->as<T>();
          T* out_grad = g.impl()->storage->as<T>();
          for (std::size_t i = 0; i < picked.size(); ++i)
            for (std::size_t c = 0; c < cols; ++c)
              out_grad[picked[i] * cols + c] += u[i * cols + c];
        });
        return {g};
      },
      "gather_rows");
}

}  // namespace tinyllm
