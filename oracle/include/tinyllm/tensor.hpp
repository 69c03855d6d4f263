// Tensor: real float32/float64 storage with reverse-mode autograd (the course's L0.1). A Tensor is
// a shared handle; copies alias the same tensor. Ops record a graph node when grad mode is on and
// an operand requires grad; backward() runs the nodes' VJPs in reverse topological order.
#pragma once
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tinyllm/random.hpp"

namespace tinyllm {

enum class DType { f32, f64 };
using Shape = std::vector<std::size_t>;

// Returns "f32" or "f64".
std::string_view dtype_name(DType dtype);
// Returns the bytes of one element: 4 or 8.
std::size_t itemsize(DType dtype);
// Returns the shape written as numpy does: "(2, 3)", "()" for a scalar.
std::string shape_string(const Shape& shape);
// Returns the number of elements of a tensor of `shape`: the product of its dimensions, 1 for 0-d.
std::size_t numel_of(const Shape& shape);

namespace detail {
struct TensorImpl;
}

class Tensor {
 public:
  // Returns an empty handle: defined() is false, and every other member but defined() throws.
  Tensor();
  bool defined() const;

  // Returns a tensor holding `values` (rounded to `dtype`); values.size() must equal the product
  // of `shape`, else std::invalid_argument.
  static Tensor from(std::vector<double> values, Shape shape, DType dtype = DType::f32);
  // Returns a 0-d tensor.
  static Tensor scalar(double value, DType dtype = DType::f32);
  static Tensor zeros(Shape shape, DType dtype = DType::f32);
  static Tensor full(Shape shape, double value, DType dtype = DType::f32);
  // Returns lo + (hi - lo) * u per element, u = gen.uniform(), drawn in row-major order, computed
  // in double and rounded once to `dtype`.
  static Tensor uniform(Shape shape, double lo, double hi, Generator& gen,
                        DType dtype = DType::f32);
  // Returns mean + stddev * gen.normal() per element in row-major order, rounded once to `dtype`.
  static Tensor normal(Shape shape, double mean, double stddev, Generator& gen,
                       DType dtype = DType::f32);

  const Shape& shape() const;
  std::size_t ndim() const;
  std::size_t numel() const;
  DType dtype() const;
  // Returns the elements in row-major order, each widened exactly to double.
  std::vector<double> values() const;
  // Returns the one element; std::invalid_argument when numel() != 1.
  double item() const;
  // Returns whether both handles are the same tensor (identity, not equality).
  bool same(const Tensor& other) const;

  // Read-only view of the storage; std::invalid_argument when T does not match dtype().
  template <class T>
  std::span<const T> data() const;
  // Writable view of the storage (no graph is recorded: for optimizers and tests).
  template <class T>
  std::span<T> mutable_data();

  bool requires_grad() const;
  // Marks a leaf as a parameter whose .grad backward() fills; std::logic_error on a non-leaf.
  Tensor& requires_grad_(bool on = true);
  // Returns true for tensors made by the user or with grad mode off (no graph node).
  bool is_leaf() const;
  bool has_grad() const;
  // Returns the accumulated gradient; std::logic_error when !has_grad().
  Tensor grad() const;
  // Replaces .grad (shape and dtype must match, else std::invalid_argument).
  void set_grad(const Tensor& g);
  // Drops .grad: has_grad() becomes false.
  void zero_grad();
  // Backpropagates from this tensor, seeding with 1; it must have one element.
  void backward() const;
  // Backpropagates `upstream` (this tensor's shape) into every leaf that requires grad, adding into
  // their .grad. Runs with grad mode off; re-entrant. A node's saved values are freed once its VJP
  // has run, so a graph can be backpropagated once.
  void backward(const Tensor& upstream) const;
  // Returns a new leaf with the same values in new storage, no history.
  Tensor detach() const;
  // Returns a copy converted to `dtype` (a gradient-carrying op; the identity when dtype matches).
  Tensor to(DType dtype) const;
  // Writes `values` (same shape, converted to this dtype) into this tensor's storage; no graph.
  void assign(const Tensor& values);

  // For the autograd engine and from_op.
  explicit Tensor(std::shared_ptr<detail::TensorImpl> impl);
  const std::shared_ptr<detail::TensorImpl>& impl() const { return impl_; }

 private:
  const detail::TensorImpl& checked() const;
  detail::TensorImpl& checked();
  std::shared_ptr<detail::TensorImpl> impl_;
};

// Prints dtype, shape and (up to 16) values, for messages and test failures.
std::ostream& operator<<(std::ostream& os, const Tensor& t);

// ---- ops: each records a node when grad mode is on and an operand requires grad ----
// Elementwise ops broadcast as numpy does and compute in the result dtype (f32 in float, f64 in
// double; mixed operands promote to f64; a double operand takes the tensor's dtype). The gradient
// of a broadcast operand is summed back to its shape, in row-major order of the result.
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, double b);
Tensor operator-(const Tensor& a, double b);
Tensor operator*(const Tensor& a, double b);
Tensor operator/(const Tensor& a, double b);
Tensor operator+(double a, const Tensor& b);
Tensor operator-(double a, const Tensor& b);
Tensor operator*(double a, const Tensor& b);
Tensor operator/(double a, const Tensor& b);
Tensor operator-(const Tensor& x);

// Returns a @ b for 2-D a (m, k) and b (k, n): each output sums over k in ascending order in the
// operands' dtype, starting from zero. THE dispatch point: under an active train::Autocast it
// returns cast(cast(a) @ cast(b)), so every matmul in the process (Linear included) is covered.
Tensor matmul(const Tensor& a, const Tensor& b);
// Returns a @ b with no autocast policy: the plain product that the dispatch point wraps.
Tensor matmul_plain(const Tensor& a, const Tensor& b);

// Returns the sum of every element as a 0-d tensor, added in row-major order in the dtype.
Tensor sum(const Tensor& x);
// Returns sum(x) / numel.
Tensor mean(const Tensor& x);
// Returns the sum along `axis` (negative counts from the end), added in ascending index order.
Tensor sum(const Tensor& x, int axis, bool keepdim = false);
Tensor square(const Tensor& x);
Tensor exp(const Tensor& x);
Tensor log(const Tensor& x);
Tensor relu(const Tensor& x);
Tensor tanh(const Tensor& x);
// Returns the transpose of a 2-D tensor (a copy).
Tensor transpose(const Tensor& x);
// Returns the same elements in row-major order with a new shape of equal numel.
Tensor reshape(const Tensor& x, Shape shape);
// Returns the rows [begin, end) of x along dim 0 (a copy); the gradient lands in those rows.
Tensor slice_rows(const Tensor& x, std::size_t begin, std::size_t end);
// Returns whether every element is finite.
bool all_finite(const Tensor& x);

// ---- ops a language model is made of (tensor/rows.cpp, tensor/softmax.cpp) ----
// Returns the columns [begin, end) of a 2-D tensor (a copy); the gradient lands in those columns.
Tensor slice_cols(const Tensor& x, std::size_t begin, std::size_t end);
// Returns 2-D tensors of one dtype stacked along dim 0 (equal columns) / dim 1 (equal rows); each
// part's gradient is its block of the upstream gradient.
Tensor concat_rows(const std::vector<Tensor>& parts);
Tensor concat_cols(const std::vector<Tensor>& parts);
// Returns the rows of the 2-D `table` that `indices` names (any shape; each value a whole number in
// [0, rows)), as (indices.numel(), columns) in row-major order of `indices`. A row named several
// times gets the sum of their gradients, added in that order. `indices` gets no gradient.
Tensor gather_rows(const Tensor& table, const Tensor& indices);
// Returns x * sigmoid(x) = x / (1 + exp(-x)) per element (SiLU, the gate of SwiGLU).
Tensor silu(const Tensor& x);
// Returns the softmax of each row of a 2-D tensor: exp(x - m) / sum(exp(x - m)) with m the row's
// largest element, so no exp overflows; -inf gives 0. Sums run in ascending column order.
Tensor softmax_rows(const Tensor& x);
// Returns a square 2-D tensor with every element above the diagonal (column > row) set to -inf:
// the causal mask, so softmax_rows gives position t no weight on positions after it. The gradient
// passes on and below the diagonal, and is zero above it.
Tensor causal_mask(const Tensor& x);

// ---- custom ops ----
// A VJP maps the upstream gradient (the output's shape) to one gradient per parent, in parents'
// order; std::nullopt means no gradient for that parent.
using Vjp = std::function<std::vector<std::optional<Tensor>>(const Tensor& upstream)>;
// Returns `value` as the output of a node with `parents` and `vjp`. A node is recorded only when
// grad mode is on and at least one parent requires grad; otherwise `value` comes back as a plain
// tensor. The output shares value's storage; any history value had is not kept.
Tensor from_op(const Tensor& value, std::vector<Tensor> parents, Vjp vjp, std::string name = "");

// ---- grad mode (per thread) ----
bool is_grad_enabled();
// RAII: grad mode off in its scope on this thread; nests, restores the previous mode.
class NoGrad {
 public:
  NoGrad();
  ~NoGrad();
  NoGrad(const NoGrad&) = delete;
  NoGrad& operator=(const NoGrad&) = delete;

 private:
  bool previous_;
};
// RAII: grad mode on in its scope on this thread; nests, restores the previous mode.
class EnableGrad {
 public:
  EnableGrad();
  ~EnableGrad();
  EnableGrad(const EnableGrad&) = delete;
  EnableGrad& operator=(const EnableGrad&) = delete;

 private:
  bool previous_;
};

}  // namespace tinyllm
