// Dropout: a fresh mask from the layer's generator on every training-mode call, so a checkpointed
// rerun reproduces the forward pass only if the generator is replayed.
#include <stdexcept>
#include <string>

#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

Dropout::Dropout(double p, Generator& gen) : p_(p), gen_(&gen) {
  if (!(p >= 0.0 && p <= 1.0))
    throw std::invalid_argument("Dropout: p must be in [0, 1], got " + std::to_string(p));
}

Tensor Dropout::forward(const Tensor& x) {
  if (!training()) return x;
  // Kept elements are scaled by 1 / (1 - p) so the expected output equals x (0 when p == 1).
  const double keep_scale = p_ < 1.0 ? 1.0 / (1.0 - p_) : 0.0;
  std::vector<double> mask(x.numel());
  for (double& m : mask) m = gen_->uniform() >= p_ ? keep_scale : 0.0;
  return x * Tensor::from(std::move(mask), x.shape(), x.dtype());
}

}  // namespace tinyllm::nn
