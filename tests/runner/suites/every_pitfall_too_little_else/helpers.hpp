// Small helpers shared by my tests: building models and comparing gradients.
#pragma once
#include <memory>
#include <tinyllm/tinyllm.hpp>
#include <vector>

namespace mine {

using Layers = std::vector<std::shared_ptr<tinyllm::nn::Module>>;

// Returns Linear(w, w) + Tanh repeated `blocks` times, then Linear(w, 1); same seed, same weights.
inline std::shared_ptr<tinyllm::nn::Sequential> tanh_mlp(
    std::size_t blocks, std::size_t w, std::uint64_t seed,
    tinyllm::DType dtype = tinyllm::DType::f32) {
  tinyllm::Generator g(seed);
  Layers layers;
  for (std::size_t i = 0; i < blocks; ++i) {
    layers.push_back(std::make_shared<tinyllm::nn::Linear>(w, w, g, true, dtype));
    layers.push_back(std::make_shared<tinyllm::nn::Tanh>());
  }
  layers.push_back(std::make_shared<tinyllm::nn::Linear>(w, 1, g, true, dtype));
  return std::make_shared<tinyllm::nn::Sequential>(layers);
}

// Returns all parameter gradients of a model, flattened (0 where a parameter has none).
inline std::vector<double> all_grads(tinyllm::nn::Module& m) {
  std::vector<double> out;
  for (auto& p : m.parameters()) {
    if (!p.has_grad()) {
      out.insert(out.end(), p.numel(), 0.0);
      continue;
    }
    for (double v : p.grad().values()) out.push_back(v);
  }
  return out;
}

}  // namespace mine
