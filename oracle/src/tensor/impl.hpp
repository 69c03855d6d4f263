// The insides of a Tensor: storage counted by tinyllm::memory, the graph node, and small helpers
// shared by the op files. Not part of the public API.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/tensor.hpp"

namespace tinyllm::detail {

// Elements of one dtype; its bytes are counted in memory::current_bytes() while it lives.
class Storage {
 public:
  Storage(DType dtype, std::size_t numel);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  template <class T>
  T* as();

 private:
  DType dtype_;
  std::size_t bytes_;
  std::vector<float> f32_;
  std::vector<double> f64_;
};

struct TensorImpl;

// One recorded op: its parents, and the VJP that maps the output's gradient to theirs. After the
// VJP has run the node is consumed: it drops the VJP (and what it saved) and its parents.
struct Node {
  std::string name;
  std::vector<std::shared_ptr<TensorImpl>> parents;
  Vjp vjp;
  Shape shape;  // of the output
  DType dtype;
  bool consumed = false;
};

struct TensorImpl {
  Shape shape;
  DType dtype = DType::f32;
  std::size_t numel = 0;
  std::shared_ptr<Storage> storage;
  bool requires_grad = false;  // set by the user on leaves; a non-leaf has a grad_fn instead
  std::shared_ptr<TensorImpl> grad;
  std::shared_ptr<Node> grad_fn;
};

// Returns a new leaf tensor with zeroed storage.
Tensor make_tensor(const Shape& shape, DType dtype);
// Returns the dtype two operands compute in: f64 if either is f64.
DType promote(DType a, DType b);
// Returns `g` summed over the dimensions that broadcasting added or stretched, down to `shape`.
Tensor sum_to_shape(const Tensor& g, const Shape& shape);
// Returns `t` stretched to `shape` by numpy's broadcasting rules (a copy, no graph).
Tensor broadcast_to(const Tensor& t, const Shape& shape);
// Returns the broadcast shape of a and b, or throws std::invalid_argument naming `op`.
Shape broadcast_shapes(const Shape& a, const Shape& b, const char* op);

// Throws std::invalid_argument naming `op` unless x is a defined 2-D tensor.
inline void require_matrix(const Tensor& x, const char* op) {
  if (!x.defined())
    throw std::invalid_argument(std::string(op) + ": an operand is an empty handle");
  if (x.ndim() != 2)
    throw std::invalid_argument(std::string(op) + ": needs a 2-D tensor, got shape " +
                                shape_string(x.shape()));
}

// Calls f(T{}) with T = float or double according to dtype.
template <class F>
decltype(auto) dispatch(DType dtype, F&& f) {
  if (dtype == DType::f32) return f(float{});
  return f(double{});
}

}  // namespace tinyllm::detail
