// The SwiGLU MLP of Llama: a SiLU-gated linear unit, then a projection back to the model width.
#include "tinyllm/llama.hpp"

namespace tinyllm::nn {

SwiGLU::SwiGLU(std::size_t dim, std::size_t hidden, Generator& gen)
    : gate(dim, hidden, gen, false), up(dim, hidden, gen, false), down(hidden, dim, gen, false) {}

Tensor SwiGLU::forward(const Tensor& x) {
  return down(silu(gate(x)) * up(x));
}

std::vector<Tensor> SwiGLU::parameters() {
  return {gate.weight, up.weight, down.weight};
}

}  // namespace tinyllm::nn
