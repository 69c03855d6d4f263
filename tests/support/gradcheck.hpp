// Autograd against float64 central finite differences: the independent derivation every op's
// backward is checked against (micrograd's test against PyTorch, without PyTorch).
#pragma once
#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tinyllm/tensor.hpp"

namespace tinyllm::testing {

using TensorFn = std::function<Tensor(const std::vector<Tensor>& inputs)>;

struct GradCheckOptions {
  double step = 1e-6;       // central difference step h
  double tolerance = 1e-6;  // allowed |analytic - numeric| / max(1, |numeric|)
  std::uint64_t upstream_seed = 7;
};

// Returns "" when backward's gradient of f matches the central finite differences
// (L(x + h) - L(x - h)) / 2h of L(x) = sum(f(x) * w), for a fixed uniform upstream w in [-1, 1],
// at every element of every input; otherwise a message naming the first mismatching elements and
// the largest difference. The inputs are copied to float64 leaves that require grad.
std::string gradcheck(const TensorFn& f, const std::vector<Tensor>& inputs,
                      GradCheckOptions options = {});

// Fails the RapidCheck property with gradcheck's message unless f's gradients match.
inline void require_gradients_match(const TensorFn& f, const std::vector<Tensor>& inputs) {
  const std::string error = gradcheck(f, inputs);
  if (!error.empty()) RC_FAIL(error);
}
inline void require_gradients_match(const TensorFn& f, const Tensor& input) {
  require_gradients_match(f, std::vector<Tensor>{input});
}

}  // namespace tinyllm::testing
