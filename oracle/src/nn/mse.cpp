// The mean squared error, the course tests' loss.
#include <stdexcept>

#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

Tensor mse(const Tensor& pred, const Tensor& target) {
  if (pred.shape() != target.shape())
    throw std::invalid_argument("mse: pred has shape " + shape_string(pred.shape()) +
                                " but target has shape " + shape_string(target.shape()) +
                                "; they must match exactly (no broadcasting in a loss)");
  return mean(square(pred - target));
}

}  // namespace tinyllm::nn
