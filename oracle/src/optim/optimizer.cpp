// The optimizer base: the parameter list and zero_grad.
#include <stdexcept>
#include <string>

#include "tinyllm/optim.hpp"

namespace tinyllm::optim {

Optimizer::Optimizer(std::vector<Tensor> params) : params_(std::move(params)) {
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (!params_[i].defined())
      throw std::invalid_argument("Optimizer: parameter " + std::to_string(i) +
                                  " is an empty tensor handle");
    if (!params_[i].is_leaf())
      throw std::invalid_argument("Optimizer: parameter " + std::to_string(i) +
                                  " is not a leaf (it is the output of an op); optimize the "
                                  "leaves the model owns, e.g. model.parameters()");
  }
}

void Optimizer::zero_grad() {
  for (Tensor& p : params_) p.zero_grad();
}

const std::vector<Tensor>& Optimizer::params() const {
  return params_;
}

}  // namespace tinyllm::optim
