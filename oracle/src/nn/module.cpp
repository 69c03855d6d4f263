// Module's shared behaviour: calling, parameters, training mode, zeroing grads.
#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

Tensor Module::operator()(const Tensor& x) {
  return forward(x);
}
std::vector<Tensor> Module::parameters() {
  return {};
}
void Module::train(bool on) {
  training_ = on;
}
bool Module::training() const {
  return training_;
}

void Module::zero_grad() {
  for (Tensor& p : parameters()) p.zero_grad();
}

}  // namespace tinyllm::nn
