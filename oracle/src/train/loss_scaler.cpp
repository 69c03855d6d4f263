// DynamicLossScaler: detect overflow and skip, rather than predict; grow S again after `interval`
// good steps. Order of a step: check, unscale, clip, step, update S.
#include <cmath>
#include <string>
#include <utility>

#include "mutant.hpp"
#include "tinyllm/train/precision.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {
namespace {
void validate(const ScalerState& s, const char* where) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(detail::error_message(where, what));
  };
  if (!(s.scale > 0) || !std::isfinite(s.scale))
    fail("the scale must be positive and finite, got " + std::to_string(s.scale));
  if (!(s.growth > 1) || !std::isfinite(s.growth))
    fail("growth must be finite and above 1, got " + std::to_string(s.growth));
  if (!(s.backoff > 0 && s.backoff < 1))
    fail("backoff must be in (0, 1), got " + std::to_string(s.backoff));
  if (s.interval < 1) fail("interval must be at least 1, got " + std::to_string(s.interval));
  if (s.good_steps < 0) fail("good_steps must be >= 0, got " + std::to_string(s.good_steps));
}
}  // namespace

DynamicLossScaler::DynamicLossScaler(double init, double growth, double backoff, long interval)
    : state_{init, growth, backoff, interval, 0} {
  validate(state_, "DynamicLossScaler");
}

Tensor DynamicLossScaler::scale(const Tensor& loss) const {
  return loss * state_.scale;
}

bool DynamicLossScaler::step(optim::Optimizer& opt, const std::vector<Tensor>& params,
                             std::optional<double> clip) {
  last_grad_norm_.reset();
  NoGrad no_grad;
  // s15: clipping before unscaling
  if (tinyllm::detail::is_mutant(15)) {
    // Takes the clip away, so the clip after unscaling below finds nothing to do.
    if (const std::optional<double> threshold = std::exchange(clip, std::nullopt))
      last_grad_norm_ = optim::clip_grad_norm_(params, *threshold);
  }
  bool finite = true;
  for (const Tensor& p : params)
    if (p.has_grad() && !all_finite(p.grad())) finite = false;
  // s12: stepping on non-finite gradients
  if (tinyllm::detail::is_mutant(12)) finite = true;
  if (!finite) {
    // One poisoned entry would reach every weight through the optimizer: drop the step's grads.
    // s13: keeping the bad gradients after a skip
    if (!tinyllm::detail::is_mutant(13))
      for (Tensor p : params) p.zero_grad();
    state_.scale *= state_.backoff;
    // s14: not restarting the count after an overflow
    if (!tinyllm::detail::is_mutant(14)) state_.good_steps = 0;
    last_grad_norm_.reset();
    return false;
  }
  // s11: never unscaling
  if (!tinyllm::detail::is_mutant(11))
    for (Tensor p : params)
      if (p.has_grad()) p.set_grad(p.grad() / state_.scale);
  // Clipping acts in true gradient units, so after unscaling.
  if (clip) last_grad_norm_ = optim::clip_grad_norm_(params, *clip);
  opt.step();
  if (++state_.good_steps >= state_.interval) {
    state_.scale *= state_.growth;
    state_.good_steps = 0;
  }
  return true;
}

double DynamicLossScaler::loss_scale() const {
  return state_.scale;
}
long DynamicLossScaler::good_steps() const {
  return state_.good_steps;
}
std::optional<double> DynamicLossScaler::last_grad_norm() const {
  return last_grad_norm_;
}
ScalerState DynamicLossScaler::state_dict() const {
  return state_;
}

void DynamicLossScaler::load_state_dict(const ScalerState& s) {
  validate(s, "DynamicLossScaler::load_state_dict");
  state_ = s;
  // s16: losing the count on resume
  if (tinyllm::detail::is_mutant(16)) state_.good_steps = 0;
}

}  // namespace tinyllm::train
