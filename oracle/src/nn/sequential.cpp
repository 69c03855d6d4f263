// Sequential: layers applied in order; parameters and training mode pass through to them.
#include <stdexcept>
#include <string>

#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

Sequential::Sequential(std::vector<std::shared_ptr<Module>> layers) : layers_(std::move(layers)) {
  for (std::size_t i = 0; i < layers_.size(); ++i)
    if (!layers_[i])
      throw std::invalid_argument("Sequential: layer " + std::to_string(i) + " is a null pointer");
}

Tensor Sequential::forward(const Tensor& x) {
  Tensor y = x;
  for (auto& layer : layers_) y = (*layer)(y);
  return y;
}

std::vector<Tensor> Sequential::parameters() {
  std::vector<Tensor> all;
  for (auto& layer : layers_)
    for (Tensor& p : layer->parameters()) all.push_back(p);
  return all;
}

void Sequential::train(bool on) {
  Module::train(on);
  for (auto& layer : layers_) layer->train(on);
}

std::size_t Sequential::size() const {
  return layers_.size();
}

Module& Sequential::operator[](std::size_t i) {
  if (i >= layers_.size())
    throw std::invalid_argument("Sequential: layer index " + std::to_string(i) +
                                " is out of range for " + std::to_string(layers_.size()) +
                                " layers");
  return *layers_[i];
}

}  // namespace tinyllm::nn
