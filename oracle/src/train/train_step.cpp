// train_step_mixed: the course's train step with precision, accumulation, scaling and clipping.
#include <cmath>
#include <string>

#include "mutant.hpp"
#include "tinyllm/train/precision.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {

StepResult train_step_mixed(nn::Module& model, const std::vector<Batch>& micro_batches,
                            const LossFn& loss_fn, optim::Optimizer& opt,
                            std::string_view precision, DynamicLossScaler* scaler,
                            std::optional<double> clip) {
  if (precision != "fp32" && precision != "bf16" && precision != "fp16")
    throw std::invalid_argument(
        detail::error_message("train_step_mixed", "unknown precision \"" + std::string(precision) +
                                                      "\"; use \"fp32\", \"bf16\" or \"fp16\""));
  if (clip && !(*clip > 0))
    throw std::invalid_argument(detail::error_message(
        "train_step_mixed", "clip must be positive, got " + std::to_string(*clip)));
  model.zero_grad();
  opt.zero_grad();
  double loss;
  {
    std::optional<Autocast> autocast;
    if (precision != "fp32") autocast.emplace(precision);
    loss = grad_accumulate(model, micro_batches, loss_fn, scaler);
  }
  StepResult result{loss, false, 1.0, std::nullopt};
  if (scaler) {
    result.skipped = !scaler->step(opt, opt.params(), clip);
    result.scale = scaler->loss_scale();
    result.grad_norm = scaler->last_grad_norm();
    return result;
  }
  // s17: stepping on a NaN loss without a scaler
  if (!tinyllm::detail::is_mutant(17))
    if (!std::isfinite(loss))
      throw NonFiniteLossError(detail::error_message(
          "train_step_mixed", "the loss is " + std::to_string(loss) +
                                  "; no parameter was updated. Without a scaler a non-finite "
                                  "loss stops the run: check the data and learning rate, or "
                                  "pass a DynamicLossScaler to skip such steps"));
  if (clip) result.grad_norm = optim::clip_grad_norm_(opt.params(), *clip);
  opt.step();
  return result;
}

}  // namespace tinyllm::train
