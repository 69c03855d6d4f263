// Tensor's handle, storage, factories, accessors and printing.
#include <cmath>
#include <ostream>
#include <sstream>
#include <utility>

#include "tensor/impl.hpp"

namespace tinyllm {
namespace memory::detail {
void on_allocate(std::size_t bytes);
void on_free(std::size_t bytes);
}  // namespace memory::detail

namespace detail {

Storage::Storage(DType dtype, std::size_t numel) : dtype_(dtype), bytes_(numel * itemsize(dtype)) {
  if (dtype == DType::f32)
    f32_.assign(numel, 0.0f);
  else
    f64_.assign(numel, 0.0);
  memory::detail::on_allocate(bytes_);
}

Storage::~Storage() {
  memory::detail::on_free(bytes_);
}

template <>
float* Storage::as<float>() {
  return f32_.data();
}
template <>
double* Storage::as<double>() {
  return f64_.data();
}

Tensor make_tensor(const Shape& shape, DType dtype) {
  auto impl = std::make_shared<TensorImpl>();
  impl->shape = shape;
  impl->dtype = dtype;
  impl->numel = numel_of(shape);
  impl->storage = std::make_shared<Storage>(dtype, impl->numel);
  return Tensor(std::move(impl));
}

DType promote(DType a, DType b) {
  return (a == DType::f64 || b == DType::f64) ? DType::f64 : DType::f32;
}

}  // namespace detail

using detail::dispatch;
using detail::make_tensor;

std::string_view dtype_name(DType dtype) {
  return dtype == DType::f32 ? "f32" : "f64";
}
std::size_t itemsize(DType dtype) {
  return dtype == DType::f32 ? 4 : 8;
}

std::string shape_string(const Shape& shape) {
  std::ostringstream os;
  os << '(';
  for (std::size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
  if (shape.size() == 1) os << ',';
  os << ')';
  return os.str();
}
std::size_t numel_of(const Shape& shape) {
  std::size_t n = 1;
  for (std::size_t d : shape) n *= d;
  return n;
}

Tensor::Tensor() = default;
Tensor::Tensor(std::shared_ptr<detail::TensorImpl> impl) : impl_(std::move(impl)) {}
bool Tensor::defined() const {
  return impl_ != nullptr;
}

const detail::TensorImpl& Tensor::checked() const {
  if (!impl_)
    throw std::logic_error(
        "Tensor: this handle is empty (default-constructed); assign a tensor "
        "to it before use");
  return *impl_;
}
detail::TensorImpl& Tensor::checked() {
  return const_cast<detail::TensorImpl&>(std::as_const(*this).checked());
}

Tensor Tensor::from(std::vector<double> values, Shape shape, DType dtype) {
  const std::size_t n = numel_of(shape);
  if (values.size() != n)
    throw std::invalid_argument("Tensor::from: " + std::to_string(values.size()) +
                                " values do not fill shape " + shape_string(shape) + " of " +
                                std::to_string(n) + " elements");
  Tensor t = make_tensor(shape, dtype);
  dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    T* out = t.impl()->storage->as<T>();
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<T>(values[i]);
  });
  return t;
}

Tensor Tensor::scalar(double value, DType dtype) {
  return from({value}, {}, dtype);
}
Tensor Tensor::zeros(Shape shape, DType dtype) {
  return make_tensor(shape, dtype);
}

Tensor Tensor::full(Shape shape, double value, DType dtype) {
  return from(std::vector<double>(numel_of(shape), value), shape, dtype);
}

Tensor Tensor::uniform(Shape shape, double lo, double hi, Generator& gen, DType dtype) {
  if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi))
    throw std::invalid_argument("Tensor::uniform: needs finite lo <= hi, got lo=" +
                                std::to_string(lo) + " hi=" + std::to_string(hi));
  std::vector<double> values(numel_of(shape));
  for (double& v : values) v = lo + (hi - lo) * gen.uniform();
  return from(std::move(values), shape, dtype);
}

Tensor Tensor::normal(Shape shape, double mean, double stddev, Generator& gen, DType dtype) {
  if (!(stddev >= 0) || !std::isfinite(mean) || !std::isfinite(stddev))
    throw std::invalid_argument("Tensor::normal: needs finite mean and stddev >= 0, got mean=" +
                                std::to_string(mean) + " stddev=" + std::to_string(stddev));
  std::vector<double> values(numel_of(shape));
  for (double& v : values) v = mean + stddev * gen.normal();
  return from(std::move(values), shape, dtype);
}

const Shape& Tensor::shape() const {
  return checked().shape;
}
std::size_t Tensor::ndim() const {
  return checked().shape.size();
}
std::size_t Tensor::numel() const {
  return checked().numel;
}
DType Tensor::dtype() const {
  return checked().dtype;
}

std::vector<double> Tensor::values() const {
  const auto& impl = checked();
  std::vector<double> out(impl.numel);
  dispatch(impl.dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* in = impl.storage->as<T>();
    for (std::size_t i = 0; i < impl.numel; ++i) out[i] = in[i];
  });
  return out;
}

double Tensor::item() const {
  if (numel() != 1)
    throw std::invalid_argument("Tensor::item: needs exactly one element, the tensor has shape " +
                                shape_string(shape()) + " (" + std::to_string(numel()) +
                                " elements); reduce it first, e.g. with sum()");
  return values()[0];
}

bool Tensor::same(const Tensor& other) const {
  return impl_ == other.impl_;
}

template <class T>
std::span<const T> Tensor::data() const {
  const auto& impl = checked();
  if (impl.dtype != (std::is_same_v<T, float> ? DType::f32 : DType::f64))
    throw std::invalid_argument(std::string("Tensor::data: asked for ") +
                                (std::is_same_v<T, float> ? "float" : "double") +
                                " but the tensor is " + std::string(dtype_name(impl.dtype)));
  return {impl.storage->as<T>(), impl.numel};
}
template <class T>
std::span<T> Tensor::mutable_data() {
  auto view = std::as_const(*this).data<T>();
  return {const_cast<T*>(view.data()), view.size()};
}
template std::span<const float> Tensor::data<float>() const;
template std::span<const double> Tensor::data<double>() const;
template std::span<float> Tensor::mutable_data<float>();
template std::span<double> Tensor::mutable_data<double>();

bool Tensor::requires_grad() const {
  const auto& impl = checked();
  return impl.requires_grad || impl.grad_fn != nullptr;
}

Tensor& Tensor::requires_grad_(bool on) {
  auto& impl = checked();
  if (impl.grad_fn)
    throw std::logic_error(
        "Tensor::requires_grad_: only leaves can be marked; this tensor is the "
        "output of '" +
        impl.grad_fn->name + "'. Use detach() to make a leaf");
  impl.requires_grad = on;
  return *this;
}

bool Tensor::is_leaf() const {
  return checked().grad_fn == nullptr;
}
bool Tensor::has_grad() const {
  return checked().grad != nullptr;
}

Tensor Tensor::grad() const {
  const auto& impl = checked();
  if (!impl.grad)
    throw std::logic_error("Tensor::grad: this tensor (shape " + shape_string(impl.shape) +
                           ") has no gradient; check has_grad() first, and that backward() reached "
                           "it (it must be a leaf that requires grad)");
  return Tensor(impl.grad);
}

void Tensor::set_grad(const Tensor& g) {
  auto& impl = checked();
  if (g.shape() != impl.shape || g.dtype() != impl.dtype)
    throw std::invalid_argument("Tensor::set_grad: the gradient is " +
                                std::string(dtype_name(g.dtype())) + shape_string(g.shape()) +
                                " but the tensor is " + std::string(dtype_name(impl.dtype)) +
                                shape_string(impl.shape));
  impl.grad = g.impl();
}

void Tensor::zero_grad() {
  checked().grad.reset();
}

Tensor Tensor::detach() const {
  const auto& impl = checked();
  Tensor copy = make_tensor(impl.shape, impl.dtype);
  dispatch(impl.dtype, [&](auto zero) {
    using T = decltype(zero);
    std::copy_n(impl.storage->as<T>(), impl.numel, copy.impl()->storage->as<T>());
  });
  return copy;
}

void Tensor::assign(const Tensor& values) {
  auto& impl = checked();
  if (values.shape() != impl.shape)
    throw std::invalid_argument("Tensor::assign: values of shape " + shape_string(values.shape()) +
                                " into a tensor of shape " + shape_string(impl.shape));
  Tensor source = values.dtype() == impl.dtype ? values : values.detach().to(impl.dtype);
  dispatch(impl.dtype, [&](auto zero) {
    using T = decltype(zero);
    std::copy_n(source.impl()->storage->as<T>(), impl.numel, impl.storage->as<T>());
  });
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) {
  if (!t.defined()) return os << "Tensor(empty)";
  os << "Tensor(" << dtype_name(t.dtype()) << ", " << shape_string(t.shape()) << ", [";
  const auto values = t.values();
  const std::size_t shown = std::min<std::size_t>(values.size(), 16);
  os.precision(t.dtype() == DType::f32 ? 9 : 17);
  for (std::size_t i = 0; i < shown; ++i) os << (i ? ", " : "") << values[i];
  if (shown < values.size()) os << ", ...";
  return os << "])";
}

}  // namespace tinyllm
