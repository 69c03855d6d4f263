// Elementwise ops with numpy broadcasting, each forward beside its backward. Arithmetic happens in
// the result dtype: float for f32, double for f64, operands widened exactly when promoted.
#include <cmath>

#include "tensor/impl.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;

namespace detail {

Shape broadcast_shapes(const Shape& a, const Shape& b, const char* op) {
  const std::size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    const std::size_t da = i + a.size() >= rank ? a[i + a.size() - rank] : 1;
    const std::size_t db = i + b.size() >= rank ? b[i + b.size() - rank] : 1;
    if (da != db && da != 1 && db != 1)
      throw std::invalid_argument(std::string(op) + ": shapes " + shape_string(a) + " and " +
                                  shape_string(b) + " do not broadcast (dimension " +
                                  std::to_string(i) + ": " + std::to_string(da) + " vs " +
                                  std::to_string(db) + "); each dimension must match or be 1");
    out[i] = da == 1 ? db : da;
  }
  return out;
}

namespace {
// Element strides of `shape` read as `out_shape` under broadcasting: 0 on stretched dimensions.
std::vector<std::size_t> broadcast_strides(const Shape& shape, const Shape& out_shape) {
  std::vector<std::size_t> strides(out_shape.size(), 0);
  std::size_t stride = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    const std::size_t o = i + out_shape.size() - shape.size();
    strides[o] = shape[i] == 1 ? 0 : stride;
    stride *= shape[i];
  }
  return strides;
}

// Calls visit(out_index, a_index, b_index) for every element of out_shape in row-major order.
template <class Visit>
void for_each_broadcast(const Shape& out_shape, const Shape& a, const Shape& b, Visit visit) {
  const std::size_t n = numel_of(out_shape);
  if (a == out_shape && b == out_shape) {
    for (std::size_t i = 0; i < n; ++i) visit(i, i, i);
    return;
  }
  const auto sa = broadcast_strides(a, out_shape);
  const auto sb = broadcast_strides(b, out_shape);
  std::vector<std::size_t> index(out_shape.size(), 0);
  std::size_t ia = 0, ib = 0;
  for (std::size_t i = 0; i < n; ++i) {
    visit(i, ia, ib);
    for (std::size_t d = out_shape.size(); d-- > 0;) {
      ia += sa[d];
      ib += sb[d];
      if (++index[d] < out_shape[d]) break;
      ia -= sa[d] * out_shape[d];
      ib -= sb[d] * out_shape[d];
      index[d] = 0;
    }
  }
}
}  // namespace

Tensor broadcast_to(const Tensor& t, const Shape& shape) {
  if (broadcast_shapes(t.shape(), shape, "broadcast_to") != shape)
    throw std::invalid_argument("broadcast_to: " + shape_string(t.shape()) +
                                " cannot be stretched to " + shape_string(shape));
  Tensor out = make_tensor(shape, t.dtype());
  dispatch(t.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = t.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    for_each_broadcast(shape, t.shape(), shape,
                       [&](std::size_t i, std::size_t it, std::size_t) { o[i] = in[it]; });
  });
  return out;
}

Tensor sum_to_shape(const Tensor& g, const Shape& shape) {
  if (g.shape() == shape) return g;
  Tensor out = make_tensor(shape, g.dtype());
  dispatch(g.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = g.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    // Row-major over g: every output element adds its contributions in ascending order.
    for_each_broadcast(g.shape(), shape, g.shape(),
                       [&](std::size_t i, std::size_t io, std::size_t) { o[io] += in[i]; });
  });
  return out;
}

}  // namespace detail

namespace {
enum class BinaryOp { add, sub, mul, div };
const char* binary_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::add:
      return "add";
    case BinaryOp::sub:
      return "sub";
    case BinaryOp::mul:
      return "mul";
    case BinaryOp::div:
      return "div";
  }
  return "?";
}

// Returns the plain (graph-free) result of a op b with broadcasting.
Tensor binary_value(BinaryOp op, const Tensor& a, const Tensor& b) {
  const Shape shape = detail::broadcast_shapes(a.shape(), b.shape(), binary_name(op));
  const DType dtype = detail::promote(a.dtype(), b.dtype());
  const Tensor wa = a.dtype() == dtype ? a : a.detach().to(dtype);
  const Tensor wb = b.dtype() == dtype ? b : b.detach().to(dtype);
  Tensor out = make_tensor(shape, dtype);
  dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* pa = wa.impl()->storage->as<T>();
    const T* pb = wb.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    auto run = [&](auto f) {
      detail::for_each_broadcast(
          shape, a.shape(), b.shape(),
          [&](std::size_t i, std::size_t ia, std::size_t ib) { o[i] = f(pa[ia], pb[ib]); });
    };
    switch (op) {
      case BinaryOp::add:
        run([](T x, T y) { return T(x + y); });
        break;
      case BinaryOp::sub:
        run([](T x, T y) { return T(x - y); });
        break;
      case BinaryOp::mul:
        run([](T x, T y) { return T(x * y); });
        break;
      case BinaryOp::div:
        run([](T x, T y) { return T(x / y); });
        break;
    }
  });
  return out;
}

Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b) {
  if (!a.defined() || !b.defined())
    throw std::invalid_argument(std::string(binary_name(op)) + ": an operand is an empty handle");
  Tensor value = binary_value(op, a, b);
  if (!is_grad_enabled() || !(a.requires_grad() || b.requires_grad())) return value;
  const Shape sa = a.shape(), sb = b.shape();
  Vjp vjp = [op, a, b, sa, sb](const Tensor& up) -> std::vector<std::optional<Tensor>> {
    switch (op) {
      case BinaryOp::add:
        return {detail::sum_to_shape(up, sa), detail::sum_to_shape(up, sb)};
      case BinaryOp::sub:
        return {detail::sum_to_shape(up, sa), detail::sum_to_shape(-up, sb)};
      case BinaryOp::mul:  // d(ab) = b da + a db
        return {detail::sum_to_shape(up * b, sa), detail::sum_to_shape(up * a, sb)};
      case BinaryOp::div:  // d(a/b) = da / b - (a / b) / b db, as PyTorch writes it
        return {detail::sum_to_shape(up / b, sa), detail::sum_to_shape(-up * ((a / b) / b), sb)};
    }
    return {std::nullopt, std::nullopt};
  };
  return from_op(value, {a, b}, std::move(vjp), binary_name(op));
}

// Returns f applied to every element (a new tensor of x's dtype and shape, no graph).
template <class F>
Tensor map(const Tensor& x, F f) {
  Tensor out = make_tensor(x.shape(), x.dtype());
  dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    T* o = out.impl()->storage->as<T>();
    for (std::size_t i = 0; i < x.numel(); ++i) o[i] = f(in[i]);
  });
  return out;
}

Tensor checked_operand(const Tensor& x, const char* op) {
  if (!x.defined())
    throw std::invalid_argument(std::string(op) + ": the operand is an empty handle");
  return x;
}
// Returns `value` as a 0-d tensor of t's dtype: a double operand takes the tensor's dtype.
Tensor scalar_like(const Tensor& t, double value, const char* op) {
  return Tensor::scalar(value, checked_operand(t, op).dtype());
}
}  // namespace

Tensor operator+(const Tensor& a, const Tensor& b) {
  return binary(BinaryOp::add, a, b);
}
Tensor operator-(const Tensor& a, const Tensor& b) {
  return binary(BinaryOp::sub, a, b);
}
Tensor operator*(const Tensor& a, const Tensor& b) {
  return binary(BinaryOp::mul, a, b);
}
Tensor operator/(const Tensor& a, const Tensor& b) {
  return binary(BinaryOp::div, a, b);
}
Tensor operator+(const Tensor& a, double b) {
  return a + scalar_like(a, b, "add");
}
Tensor operator-(const Tensor& a, double b) {
  return a - scalar_like(a, b, "sub");
}
Tensor operator*(const Tensor& a, double b) {
  return a * scalar_like(a, b, "mul");
}
Tensor operator/(const Tensor& a, double b) {
  return a / scalar_like(a, b, "div");
}
Tensor operator+(double a, const Tensor& b) {
  return scalar_like(b, a, "add") + b;
}
Tensor operator-(double a, const Tensor& b) {
  return scalar_like(b, a, "sub") - b;
}
Tensor operator*(double a, const Tensor& b) {
  return scalar_like(b, a, "mul") * b;
}
Tensor operator/(double a, const Tensor& b) {
  return scalar_like(b, a, "div") / b;
}

Tensor operator-(const Tensor& x) {
  checked_operand(x, "neg");
  return from_op(
      map(x, [](auto v) { return -v; }), {x},
      [](const Tensor& up) -> std::vector<std::optional<Tensor>> { return {-up}; }, "neg");
}

Tensor square(const Tensor& x) {
  checked_operand(x, "square");
  return from_op(
      map(x, [](auto v) { return decltype(v)(v * v); }), {x},
      [x](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {up * (x * 2.0)};  // d(x^2) = 2x dx
      },
      "square");
}

Tensor exp(const Tensor& x) {
  checked_operand(x, "exp");
  Tensor y = map(x, [](auto v) { return std::exp(v); });
  return from_op(
      y, {x}, [y](const Tensor& up) -> std::vector<std::optional<Tensor>> { return {up * y}; },
      "exp");
}

Tensor log(const Tensor& x) {
  checked_operand(x, "log");
  return from_op(
      map(x, [](auto v) { return std::log(v); }), {x},
      [x](const Tensor& up) -> std::vector<std::optional<Tensor>> { return {up / x}; }, "log");
}

Tensor relu(const Tensor& x) {
  checked_operand(x, "relu");
  using std::max;
  Tensor y = map(x, [](auto v) { return v > 0 ? v : decltype(v)(0); });
  return from_op(
      y, {x},
      [x](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // d relu = 1 where x > 0, else 0 (0 at x = 0, as PyTorch)
        return {up * map(x, [](auto v) { return decltype(v)(v > 0 ? 1 : 0); })};
      },
      "relu");
}

Tensor tanh(const Tensor& x) {
  checked_operand(x, "tanh");
  Tensor y = map(x, [](auto v) { return std::tanh(v); });
  return from_op(
      y, {x},
      [y](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        return {up * (1.0 - y * y)};  // d tanh = (1 - tanh^2) dx
      },
      "tanh");
}

Tensor silu(const Tensor& x) {
  checked_operand(x, "silu");
  Tensor y = map(x, [](auto v) { return decltype(v)(v / decltype(v)(1 + std::exp(-v))); });
  return from_op(
      y, {x},
      [x](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // d silu = s (1 + x (1 - s)) dx with s = sigmoid(x)
        return {up * map(x, [](auto v) {
                  using T = decltype(v);
                  const T s = T(1 / T(1 + std::exp(-v)));
                  return T(s * T(1 + T(v * T(1 - s))));
                })};
      },
      "silu");
}

Tensor Tensor::to(DType target) const {
  const auto& self = checked();
  if (self.dtype == target) return *this;
  Tensor out = make_tensor(self.shape, target);
  dispatch(self.dtype, [&](auto from_zero) {
    using From = decltype(from_zero);
    dispatch(target, [&](auto to_zero) {
      using To = decltype(to_zero);
      const From* in = self.storage->as<From>();
      To* o = out.impl()->storage->as<To>();
      for (std::size_t i = 0; i < self.numel; ++i) o[i] = static_cast<To>(in[i]);
    });
  });
  const DType source = self.dtype;
  return from_op(
      out, {*this},
      [source](const Tensor& up) -> std::vector<std::optional<Tensor>> { return {up.to(source)}; },
      "to");
}

bool all_finite(const Tensor& x) {
  checked_operand(x, "all_finite");
  return dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = x.impl()->storage->as<T>();
    for (std::size_t i = 0; i < x.numel(); ++i)
      if (!std::isfinite(in[i])) return false;
    return true;
  });
}

}  // namespace tinyllm
