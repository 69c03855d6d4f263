// MS-L11's verdict from the two runs' numbers (the measures: README.md). The checkpointing measure
// is its own: micro-batches alone would pass the first two memory measures.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "result_json.hpp"

namespace tinyllm::runner::milestone {

inline constexpr double kLossRatioLimit = 1.02;
inline constexpr double kHeldRatioLimit = 0.5;

struct Verdict {
  double float32_loss = 0, mixed_loss = 0, loss_ratio = 0;  // final held-out losses
  double float32_held = 0, mixed_held = 0, held_ratio = 0;  // the largest per step, bytes
  double float32_peak = 0, mixed_peak = 0, peak_ratio = 0;  // the largest per step, bytes
  double checkpointed_held = 0, plain_held = 0, checkpoint_ratio = 0;  // one micro-batch, bytes
  double float32_steps_per_second = 0, mixed_steps_per_second = 0;
  bool loss_ok = false, held_ok = false, peak_ok = false, checkpoint_ok = false, pass = false;
  // The first held-out measurement after which the mixed run stays more than 2% above float32's.
  std::optional<std::size_t> diverged_at_step;
  std::vector<std::string> reasons;  // one per failed measure, or the error that stopped a run
};

Verdict judge(const tinyllm::milestone::Result& result);

}  // namespace tinyllm::runner::milestone
