// clip_grad_norm_: one global 2-norm over all grads, as torch.nn.utils.clip_grad_norm_.
#include <cmath>
#include <stdexcept>
#include <string>

#include "tinyllm/optim.hpp"

namespace tinyllm::optim {

double clip_grad_norm_(const std::vector<Tensor>& params, double max_norm) {
  if (!(max_norm > 0))
    throw std::invalid_argument("clip_grad_norm_: max_norm must be positive, got " +
                                std::to_string(max_norm));
  double sum_of_squares = 0.0;
  for (const Tensor& p : params) {
    if (!p.has_grad()) continue;
    for (double g : p.grad().values()) sum_of_squares += g * g;
  }
  const double norm = std::sqrt(sum_of_squares);
  const double coefficient = max_norm / (norm + 1e-6);
  if (coefficient < 1.0) {
    NoGrad no_grad;
    for (Tensor p : params)
      if (p.has_grad()) p.set_grad(p.grad() * coefficient);
  }
  return norm;
}

}  // namespace tinyllm::optim
