// Dynamic loss scaling for fp16. The contract is the comments of DynamicLossScaler in
// include/tinyllm/train/precision.hpp; its members (the `private:` section there) are yours to
// design.
#include <stdexcept>

#include "tinyllm/train/precision.hpp"

namespace tinyllm::train {

namespace {
[[noreturn]] void not_implemented(const char* member) {
  throw std::logic_error(std::string("not implemented: tinyllm::train::DynamicLossScaler::") +
                         member + " (src/loss_scaler.cpp)");
}
}  // namespace

// Check the arguments (init positive and finite, growth > 1, backoff in (0, 1), interval >= 1,
// else std::invalid_argument) and start with S = init and no good steps.
DynamicLossScaler::DynamicLossScaler(double /*init*/, double /*growth*/, double /*backoff*/,
                                     long /*interval*/) {
  not_implemented("DynamicLossScaler");
}

// Return loss * S.
Tensor DynamicLossScaler::scale(const Tensor& /*loss*/) const {
  not_implemented("scale");
}

// The step, in the header's order: overflow check and skip, unscale, clip, opt.step(), count and
// grow.
bool DynamicLossScaler::step(optim::Optimizer& /*opt*/, const std::vector<Tensor>& /*params*/,
                             std::optional<double> /*clip*/) {
  not_implemented("step");
}

// Return S.
double DynamicLossScaler::loss_scale() const {
  not_implemented("loss_scale");
}

// Return the good steps counted since S last changed.
long DynamicLossScaler::good_steps() const {
  not_implemented("good_steps");
}

// Return the norm clipping saw on the last step, or std::nullopt.
std::optional<double> DynamicLossScaler::last_grad_norm() const {
  not_implemented("last_grad_norm");
}

// Return all five fields as a ScalerState.
ScalerState DynamicLossScaler::state_dict() const {
  not_implemented("state_dict");
}

// Restore all five fields after checking them like the constructor does (and good_steps >= 0);
// on a bad value throw std::invalid_argument and change nothing.
void DynamicLossScaler::load_state_dict(const ScalerState& /*s*/) {
  not_implemented("load_state_dict");
}

}  // namespace tinyllm::train
