#include "milestone/verdict.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace tinyllm::runner::milestone {
namespace {
double largest(const std::vector<double>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}
double rate(const tinyllm::milestone::Run& run) {
  return run.train_seconds > 0 ? static_cast<double>(run.train_loss.size()) / run.train_seconds : 0;
}
}  // namespace

Verdict judge(const tinyllm::milestone::Result& result) {
  Verdict v;
  const auto& f = result.float32;
  const auto& m = result.mixed;
  if (!result.error.empty()) v.reasons.push_back(result.error);
  if (f.held_out_loss.empty() || m.held_out_loss.empty()) {
    if (v.reasons.empty()) v.reasons.push_back("a run measured no held-out loss");
    return v;
  }
  v.float32_loss = f.held_out_loss.back();
  v.mixed_loss = m.held_out_loss.back();
  v.loss_ratio = v.mixed_loss / v.float32_loss;
  v.float32_held = largest(f.held_bytes);
  v.mixed_held = largest(m.held_bytes);
  v.held_ratio = v.float32_held > 0 ? v.mixed_held / v.float32_held : 0;
  v.float32_peak = largest(f.peak_bytes);
  v.mixed_peak = largest(m.peak_bytes);
  v.peak_ratio = v.float32_peak > 0 ? v.mixed_peak / v.float32_peak : 0;
  v.checkpointed_held = result.checkpointed_held;
  v.plain_held = result.plain_held;
  v.checkpoint_ratio = v.plain_held > 0 ? v.checkpointed_held / v.plain_held : 0;
  v.float32_steps_per_second = rate(f);
  v.mixed_steps_per_second = rate(m);
  // NaN fails every comparison, so a diverged (non-finite) loss fails here too.
  v.loss_ok = v.loss_ratio <= kLossRatioLimit;
  v.held_ok = v.held_ratio <= kHeldRatioLimit;
  v.peak_ok = v.mixed_peak < v.float32_peak;
  v.checkpoint_ok = v.checkpointed_held < v.plain_held;
  for (std::size_t i = m.held_out_loss.size(); i-- > 0;) {
    if (i >= f.held_out_loss.size() ||
        !(m.held_out_loss[i] <= f.held_out_loss[i] * kLossRatioLimit))
      v.diverged_at_step = m.held_out_step[i];
    else
      break;
  }
  if (!v.loss_ok)
    v.reasons.push_back(
        fmt::format("held-out loss {:.4f} against float32's {:.4f}: ratio {:.4f}, above {:.2f}{}",
                    v.mixed_loss, v.float32_loss, v.loss_ratio, kLossRatioLimit,
                    v.diverged_at_step
                        ? fmt::format(" (more than 2% above from step {} on)", *v.diverged_at_step)
                        : ""));
  if (!v.held_ok)
    v.reasons.push_back(fmt::format(
        "activation memory held before backward is {:.2f}x float32's, above {:.1f}x: micro-batches "
        "and checkpointed blocks should keep far less",
        v.held_ratio, kHeldRatioLimit));
  if (!v.peak_ok)
    v.reasons.push_back(
        fmt::format("the peak of a step is {:.2f}x float32's: not lower", v.peak_ratio));
  if (!v.checkpoint_ok)
    v.reasons.push_back(fmt::format(
        "checkpointed blocks hold {:.2f}x what plain ones hold on the same micro-batch: "
        "checkpoint_sequential keeps the activations it should drop (does its forward pass build "
        "a graph?)",
        v.checkpoint_ratio));
  if (m.train_loss.size() != result.plan.steps && result.error.empty())
    v.reasons.push_back("the capstone's run did not finish its steps");
  v.pass = v.loss_ok && v.held_ok && v.peak_ok && v.checkpoint_ok && result.error.empty() &&
           m.train_loss.size() == result.plan.steps;
  return v;
}

}  // namespace tinyllm::runner::milestone
