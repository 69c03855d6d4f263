// AdamW with bias correction and decoupled weight decay, as torch.optim.AdamW: scalar factors in
// double, elementwise arithmetic in the parameter's dtype.
#include <cmath>
#include <stdexcept>
#include <string>

#include "tinyllm/optim.hpp"

namespace tinyllm::optim {

AdamW::AdamW(std::vector<Tensor> params, double lr, double beta1, double beta2, double eps,
             double weight_decay)
    : Optimizer(std::move(params)),
      lr_(lr),
      beta1_(beta1),
      beta2_(beta2),
      eps_(eps),
      weight_decay_(weight_decay) {
  if (!(lr >= 0) || !(beta1 >= 0 && beta1 < 1) || !(beta2 >= 0 && beta2 < 1) || !(eps >= 0) ||
      !(weight_decay >= 0))
    throw std::invalid_argument(
        "AdamW: needs lr >= 0, beta1 and beta2 in [0, 1), eps >= 0, weight_decay >= 0; got lr=" +
        std::to_string(lr) + " beta1=" + std::to_string(beta1) + " beta2=" + std::to_string(beta2) +
        " eps=" + std::to_string(eps) + " weight_decay=" + std::to_string(weight_decay));
  exp_avg_.resize(this->params().size());
  exp_avg_sq_.resize(this->params().size());
  steps_.assign(this->params().size(), 0);
}

namespace {
template <class T>
void adamw_update(std::span<T> p, std::span<const T> g, std::span<T> m, std::span<T> v, long step,
                  double lr, double beta1, double beta2, double eps, double weight_decay) {
  const T decay = static_cast<T>(1.0 - lr * weight_decay);
  const T b1 = static_cast<T>(beta1), one_minus_b1 = static_cast<T>(1.0 - beta1);
  const T b2 = static_cast<T>(beta2), one_minus_b2 = static_cast<T>(1.0 - beta2);
  const double bias_correction1 = 1.0 - std::pow(beta1, static_cast<double>(step));
  const double bias_correction2 = 1.0 - std::pow(beta2, static_cast<double>(step));
  const T step_size = static_cast<T>(lr / bias_correction1);
  const T correction2_sqrt = static_cast<T>(std::sqrt(bias_correction2));
  const T epsilon = static_cast<T>(eps);
  for (std::size_t i = 0; i < p.size(); ++i) {
    p[i] = T(p[i] * decay);
    m[i] = T(T(b1 * m[i]) + T(one_minus_b1 * g[i]));
    v[i] = T(T(b2 * v[i]) + T(one_minus_b2 * T(g[i] * g[i])));
    const T denom = T(T(std::sqrt(v[i]) / correction2_sqrt) + epsilon);
    p[i] = T(p[i] - T(step_size * T(m[i] / denom)));
  }
}
}  // namespace

void AdamW::step() {
  for (std::size_t k = 0; k < params().size(); ++k) {
    Tensor p = params()[k];
    if (!p.has_grad()) continue;
    if (!exp_avg_[k].defined()) {
      exp_avg_[k] = Tensor::zeros(p.shape(), p.dtype());
      exp_avg_sq_[k] = Tensor::zeros(p.shape(), p.dtype());
    }
    const long step = ++steps_[k];
    const Tensor g = p.grad();
    if (p.dtype() == DType::f32)
      adamw_update<float>(p.mutable_data<float>(), g.data<float>(),
                          exp_avg_[k].mutable_data<float>(), exp_avg_sq_[k].mutable_data<float>(),
                          step, lr_, beta1_, beta2_, eps_, weight_decay_);
    else
      adamw_update<double>(
          p.mutable_data<double>(), g.data<double>(), exp_avg_[k].mutable_data<double>(),
          exp_avg_sq_[k].mutable_data<double>(), step, lr_, beta1_, beta2_, eps_, weight_decay_);
  }
}

}  // namespace tinyllm::optim
