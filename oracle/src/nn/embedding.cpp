// The token embedding: a table of one row per token.
#include <stdexcept>

#include "tinyllm/llama.hpp"

namespace tinyllm::nn {

Embedding::Embedding(std::size_t vocab, std::size_t dim, Generator& gen)
    : weight(Tensor::normal({vocab, dim}, 0.0, 1.0, gen)) {
  if (vocab == 0 || dim == 0)
    throw std::invalid_argument("Embedding: vocab and dim must be positive");
  weight.requires_grad_();
}

Tensor Embedding::forward(const Tensor& x) {
  return gather_rows(weight, x);
}

std::vector<Tensor> Embedding::parameters() {
  return {weight};
}

}  // namespace tinyllm::nn
