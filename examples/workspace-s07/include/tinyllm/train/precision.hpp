// The mixed-precision module (the course's L11.1, precision.py): the cast op, autocast of every
// matmul, dynamic loss scaling, gradient accumulation, and the mixed-precision train step.
#pragma once
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tinyllm/nn.hpp"
#include "tinyllm/optim.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm::train {

// Returns x with every element rounded to "bf16" or "fp16", keeping x.dtype(). Its backward is
// the cast of the gradient: the upstream gradient rounded the same way (as hardware passes a
// gradient through a conversion). Another dtype string: std::invalid_argument.
Tensor cast(const Tensor& x, std::string_view dtype);

// RAII: every matmul in its scope on this thread is cast(cast(a) @ cast(b)) with the product in
// the operands' dtype. Nests, the innermost dtype applies; the previous state comes back on any
// exit, exceptions too. An unknown dtype: std::invalid_argument, and nothing changes.
class Autocast {
 public:
  explicit Autocast(std::string_view dtype);
  ~Autocast();
  Autocast(const Autocast&) = delete;
  Autocast& operator=(const Autocast&) = delete;

 private:
  std::optional<std::string> previous_;
  // Only mutant s05's site reads this (the exceptions in flight when the scope opened); the
  // reference carries it because public headers are the same for every variant.
  int exceptions_on_entry_ = std::uncaught_exceptions();
};
// Returns Autocast("bf16") (guaranteed copy elision: use as `auto guard = autocast_bf16();`).
Autocast autocast_bf16();
// Returns the innermost active autocast dtype on this thread, or nullopt.
std::optional<std::string> autocast_dtype();
// Returns cast(cast(a) @ cast(b)) in `dtype`: both operands rounded, matmul_plain of them, the
// product rounded. The matmul dispatch point (tinyllm::matmul, in the foundation below the module)
// returns this whenever autocast_dtype() is set, so every matmul under an Autocast is rounded.
// The module defines it; the foundation calls it (docs/workspace.md).
Tensor autocast_matmul(const Tensor& a, const Tensor& b, std::string_view dtype);

struct ScalerState {
  double scale, growth, backoff;
  long interval, good_steps;
  bool operator==(const ScalerState&) const = default;
};

// Dynamic loss scaling for fp16: multiply the loss by S, skip a step whose gradients overflowed
// and halve S, grow S after `interval` consecutive good steps.
class DynamicLossScaler {
 public:
  // init positive and finite, growth > 1, backoff in (0, 1), interval >= 1, else
  // std::invalid_argument. Powers of two keep scaling and unscaling exact.
  explicit DynamicLossScaler(double init = 65536.0, double growth = 2.0, double backoff = 0.5,
                             long interval = 2000);
  // Returns loss * S.
  Tensor scale(const Tensor& loss) const;
  // In this order: if any grad of `params` is not finite, drops those grads, S *= backoff, the
  // count restarts, returns false. Otherwise divides every grad by S, clips to `clip` (in true
  // gradient units), calls opt.step(), counts the good step and, after `interval` of them,
  // S *= growth and the count restarts; returns true.
  bool step(optim::Optimizer& opt, const std::vector<Tensor>& params,
            std::optional<double> clip = std::nullopt);
  double loss_scale() const;
  long good_steps() const;
  // Returns the norm clipping saw on the last step (nullopt when it did not clip or skipped).
  std::optional<double> last_grad_norm() const;
  ScalerState state_dict() const;
  // Restores all five fields; values out of the constructor's ranges (or good_steps < 0):
  // std::invalid_argument, and nothing changes.
  void load_state_dict(const ScalerState& s);

 private:
  ScalerState state_;
  std::optional<double> last_grad_norm_;
};

using Batch = std::pair<Tensor, Tensor>;  // (inputs, targets); rows along dim 0
using LossFn = std::function<Tensor(const Tensor& pred, const Tensor& target)>;

// Backpropagates (n_i / N) * L_i for each micro-batch i (L_i its mean loss, n_i its rows, N all
// rows), times S when a scaler is given, without zeroing in between, so the grads add up to the
// gradient of one batch of N rows. Returns the weighted loss sum_i (n_i / N) L_i, unscaled.
// An empty list, a micro-batch without rows, or targets whose rows differ from the inputs':
// std::invalid_argument.
double grad_accumulate(nn::Module& model, const std::vector<Batch>& micro_batches,
                       const LossFn& loss_fn, DynamicLossScaler* scaler = nullptr);

struct StepResult {
  double loss;
  bool skipped;
  double scale;
  std::optional<double> grad_norm;
};
struct NonFiniteLossError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The course's train step for the capstone: zero the grads; accumulate the micro-batches under
// Autocast(precision) (none for "fp32"); then either the scaler's step, or a finite-loss check
// (NonFiniteLossError before any update), clipping, and opt.step(). `scale` is the scaler's S
// after the step, or 1; `grad_norm` is set when it clipped. An unknown precision:
// std::invalid_argument.
StepResult train_step_mixed(nn::Module& model, const std::vector<Batch>& micro_batches,
                            const LossFn& loss_fn, optim::Optimizer& opt,
                            std::string_view precision = "fp32",
                            DynamicLossScaler* scaler = nullptr,
                            std::optional<double> clip = std::nullopt);

}  // namespace tinyllm::train
