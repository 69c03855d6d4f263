// Gradient accumulation over micro-batches. The contract is the comment above grad_accumulate in
// include/tinyllm/train/precision.hpp.
#include <stdexcept>

#include "tinyllm/train/precision.hpp"

namespace tinyllm::train {

// Backpropagate (n_i / N) * L_i for each micro-batch (times S with a scaler) without zeroing in
// between, and return the weighted loss sum_i (n_i / N) L_i, unscaled.
double grad_accumulate(nn::Module& /*model*/, const std::vector<Batch>& /*micro_batches*/,
                       const LossFn& /*loss_fn*/, DynamicLossScaler* /*scaler*/) {
  throw std::logic_error("not implemented: tinyllm::train::grad_accumulate (src/accumulate.cpp)");
}

}  // namespace tinyllm::train
