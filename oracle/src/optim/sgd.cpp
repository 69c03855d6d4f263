// SGD with momentum and L2 weight decay, as torch.optim.SGD (dampening 0, no Nesterov).
#include <stdexcept>
#include <string>

#include "tinyllm/optim.hpp"

namespace tinyllm::optim {

SGD::SGD(std::vector<Tensor> params, double lr, double momentum, double weight_decay)
    : Optimizer(std::move(params)), lr_(lr), momentum_(momentum), weight_decay_(weight_decay) {
  if (!(lr >= 0) || !(momentum >= 0) || !(weight_decay >= 0))
    throw std::invalid_argument(
        "SGD: lr, momentum and weight_decay must be >= 0, got lr=" + std::to_string(lr) +
        " momentum=" + std::to_string(momentum) + " weight_decay=" + std::to_string(weight_decay));
  momentum_buffers_.resize(this->params().size());
}

namespace {
template <class T>
void sgd_update(std::span<T> p, std::span<const T> grad, Tensor& buffer, bool first, double lr,
                double momentum, double weight_decay) {
  const T wd = static_cast<T>(weight_decay), mu = static_cast<T>(momentum),
          rate = static_cast<T>(lr);
  std::span<T> buf = momentum != 0 ? buffer.mutable_data<T>() : std::span<T>{};
  for (std::size_t i = 0; i < p.size(); ++i) {
    T g = grad[i];
    if (weight_decay != 0) g = g + T(wd * p[i]);
    if (momentum != 0) {
      buf[i] = first ? g : T(T(mu * buf[i]) + g);
      g = buf[i];
    }
    p[i] = p[i] - T(rate * g);
  }
}
}  // namespace

void SGD::step() {
  for (std::size_t k = 0; k < params().size(); ++k) {
    Tensor p = params()[k];
    if (!p.has_grad()) continue;
    const Tensor g = p.grad();
    const bool first = !momentum_buffers_[k].defined();
    if (momentum_ != 0 && first) momentum_buffers_[k] = Tensor::zeros(p.shape(), p.dtype());
    if (p.dtype() == DType::f32)
      sgd_update<float>(p.mutable_data<float>(), g.data<float>(), momentum_buffers_[k], first, lr_,
                        momentum_, weight_decay_);
    else
      sgd_update<double>(p.mutable_data<double>(), g.data<double>(), momentum_buffers_[k], first,
                         lr_, momentum_, weight_decay_);
  }
}

}  // namespace tinyllm::optim
