// grad_accumulate: L = sum_i (n_i / N) L_i, so backpropagating each weighted micro-batch loss into
// the same .grad gives exactly the gradient of one batch of N rows (backprop is linear).
#include <string>

#include "mutant.hpp"
#include "tinyllm/train/precision.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {

double grad_accumulate(nn::Module& model, const std::vector<Batch>& micro_batches,
                       const LossFn& loss_fn, DynamicLossScaler* scaler) {
  if (micro_batches.empty())
    throw std::invalid_argument(detail::error_message(
        "grad_accumulate",
        "the list of micro-batches is empty; pass at least one (inputs, targets) pair"));
  std::size_t total_rows = 0;
  for (std::size_t i = 0; i < micro_batches.size(); ++i) {
    const auto& [inputs, targets] = micro_batches[i];
    if (!inputs.defined() || !targets.defined() || inputs.ndim() == 0 || targets.ndim() == 0)
      throw std::invalid_argument(detail::error_message(
          "grad_accumulate",
          "micro-batch " + std::to_string(i) + " needs inputs and targets with rows along dim 0"));
    if (inputs.shape()[0] != targets.shape()[0])
      throw std::invalid_argument(detail::error_message(
          "grad_accumulate", "micro-batch " + std::to_string(i) + " has inputs of shape " +
                                 shape_string(inputs.shape()) + " but targets of shape " +
                                 shape_string(targets.shape()) +
                                 "; both need the same number of rows"));
    if (inputs.shape()[0] == 0)
      throw std::invalid_argument(detail::error_message(
          "grad_accumulate", "micro-batch " + std::to_string(i) + " has no rows"));
    total_rows += inputs.shape()[0];
  }
  // Reported: the loss whose gradient accumulates, sum_i (n_i / N) L_i.
  double whole_batch_loss = 0.0;
  for (std::size_t i = 0; i < micro_batches.size(); ++i) {
    const auto& [inputs, targets] = micro_batches[i];
    // s09: zeroing gradients between micro-batches
    if (tinyllm::detail::is_mutant(9))
      if (i > 0) model.zero_grad();
    const auto rows = static_cast<double>(inputs.shape()[0]);
    double weight = rows / static_cast<double>(total_rows);
    // w04: micro-batch weights computed as n_i * (1/N)
    if (tinyllm::detail::is_wheat(4)) weight = rows * (1.0 / static_cast<double>(total_rows));
    // s07: weighting micro-batches 1/k
    if (tinyllm::detail::is_mutant(7)) weight = 1.0 / static_cast<double>(micro_batches.size());
    // s08: summing micro-batch losses
    if (tinyllm::detail::is_mutant(8)) weight = 1.0;
    const Tensor loss = loss_fn(model(inputs), targets);
    const Tensor weighted = loss * weight;
    (scaler ? scaler->scale(weighted) : weighted).backward();
    // s10: reporting the unweighted mean loss
    if (tinyllm::detail::is_mutant(10)) {
      whole_batch_loss += loss.item();
      if (i + 1 == micro_batches.size())
        return whole_batch_loss / static_cast<double>(micro_batches.size());
      continue;
    }
    // w04: micro-batch weights computed as n_i * (1/N)
    if (tinyllm::detail::is_wheat(4)) {
      whole_batch_loss += rows * loss.item();  // sum_i n_i L_i, divided by N after the last
      if (i + 1 == micro_batches.size()) return whole_batch_loss / static_cast<double>(total_rows);
      continue;
    }
    whole_batch_loss += weight * loss.item();
  }
  return whole_batch_loss;
}

}  // namespace tinyllm::train
