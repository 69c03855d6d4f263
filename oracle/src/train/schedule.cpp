// checkpoint_schedule (the course's M08.4): k segments of sizes s_j keep k - 1 segment inputs plus
// one segment's activations, so the peak is P = (k - 1) + max s_j layers; with near-equal sizes
// max s_j = ceil(n / k).
#include <string>

#include "tinyllm/train/recompute.hpp"

namespace tinyllm::train {
namespace {
// The schedule is the foundation's (the module's checkpoint_sequential calls it), so its messages
// do not go through the module's formatter (train/errors.hpp), which a learner's module replaces.
std::invalid_argument schedule_error(const std::string& what) {
  return std::invalid_argument("checkpoint_schedule: " + what);
}
}  // namespace

std::vector<std::size_t> checkpoint_schedule(std::size_t n_layers, std::size_t mem_budget_layers) {
  if (n_layers == 0)
    throw schedule_error("there are zero layers; a schedule needs at least one layer");
  std::size_t smallest_peak = n_layers;
  for (std::size_t k = 1; k <= n_layers; ++k) {
    const std::size_t largest = (n_layers + k - 1) / k;
    const std::size_t peak = (k - 1) + largest;
    smallest_peak = std::min(smallest_peak, peak);
    if (peak > mem_budget_layers) continue;
    // The first n mod k segments get one layer more: sizes differ by at most one, larger first.
    std::vector<std::size_t> starts;
    std::size_t start = 0;
    for (std::size_t j = 0; j < k; ++j) {
      starts.push_back(start);
      start += n_layers / k + (j < n_layers % k ? 1 : 0);
    }
    return starts;
  }
  throw schedule_error("no schedule of " + std::to_string(n_layers) + " layers fits a budget of " +
                       std::to_string(mem_budget_layers) +
                       " layers; the smallest budget that works is " +
                       std::to_string(smallest_peak));
}

}  // namespace tinyllm::train
