// Linear: y = x W^T + b, through the matmul dispatch point (so autocast covers it).
#include <cmath>
#include <stdexcept>
#include <string>

#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

Linear::Linear(std::size_t in, std::size_t out, Generator& gen, bool with_bias, DType dtype) {
  if (in == 0 || out == 0)
    throw std::invalid_argument("Linear: in and out must be positive, got in=" +
                                std::to_string(in) + " out=" + std::to_string(out));
  // PyTorch's default: kaiming_uniform(a = sqrt 5) for the weight and U(-1/sqrt(in), 1/sqrt(in))
  // for the bias, which both come to the bound 1/sqrt(in).
  const double bound = 1.0 / std::sqrt(static_cast<double>(in));
  weight = Tensor::uniform({out, in}, -bound, bound, gen, dtype);
  weight.requires_grad_();
  if (with_bias) {
    bias = Tensor::uniform({out}, -bound, bound, gen, dtype);
    bias.requires_grad_();
  }
}

Tensor Linear::forward(const Tensor& x) {
  if (x.ndim() != 2 || x.shape()[1] != weight.shape()[1])
    throw std::invalid_argument("Linear: input of shape " + shape_string(x.shape()) +
                                " does not fit weight " + shape_string(weight.shape()) +
                                "; expected (rows, " + std::to_string(weight.shape()[1]) + ")");
  Tensor y = matmul(x, transpose(weight));
  return bias.defined() ? y + bias : y;
}

std::vector<Tensor> Linear::parameters() {
  if (bias.defined()) return {weight, bias};
  return {weight};
}

}  // namespace tinyllm::nn
