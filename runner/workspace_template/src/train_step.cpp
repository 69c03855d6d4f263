// The mixed-precision train step of the capstone. The contract is the comment above
// train_step_mixed in include/tinyllm/train/precision.hpp.
#include <stdexcept>

#include "tinyllm/train/precision.hpp"

namespace tinyllm::train {

// Zero the grads, accumulate under Autocast(precision) (none for "fp32"), then either the
// scaler's step or a finite-loss check (NonFiniteLossError), clipping and opt.step(); fill the
// StepResult.
StepResult train_step_mixed(nn::Module& /*model*/, const std::vector<Batch>& /*micro_batches*/,
                            const LossFn& /*loss_fn*/, optim::Optimizer& /*opt*/,
                            std::string_view /*precision*/, DynamicLossScaler* /*scaler*/,
                            std::optional<double> /*clip*/) {
  throw std::logic_error("not implemented: tinyllm::train::train_step_mixed (src/train_step.cpp)");
}

}  // namespace tinyllm::train
