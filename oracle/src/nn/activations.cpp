// The activation layers: thin modules over the relu and tanh ops.
#include "tinyllm/nn.hpp"

namespace tinyllm::nn {
Tensor ReLU::forward(const Tensor& x) {
  return relu(x);
}
Tensor Tanh::forward(const Tensor& x) {
  return tanh(x);
}
}  // namespace tinyllm::nn
