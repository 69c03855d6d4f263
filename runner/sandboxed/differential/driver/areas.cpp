// The table of areas (areas.hpp).
#include "areas.hpp"

#include <stdexcept>

namespace tinyllm_diff {

const std::vector<Area>& areas() {
  static const std::vector<Area> table = {
      {"cast", true, cast_cases},
      {"autocast_matmul", true, autocast_matmul_cases},
      {"DynamicLossScaler", false, DynamicLossScaler_cases},
      {"grad_accumulate", false, grad_accumulate_cases},
      {"train_step_mixed", false, train_step_mixed_cases},
      {"checkpoint_sequential", true, checkpoint_sequential_cases},
      {"checkpoint", false, checkpoint_cases},
  };
  return table;
}

const Area& area_named(const std::string& name) {
  for (const Area& area : areas())
    if (area.name == name) return area;
  throw std::invalid_argument("differential: no area called " + name);
}

}  // namespace tinyllm_diff
