// Activation checkpointing saves memory (measured with tinyllm::memory).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "generators.hpp"

namespace {
using tinyllm::DType;
using tinyllm::Tensor;

// Returns the smallest budget any schedule of n layers meets: min over k of (k - 1) + ceil(n / k).
std::size_t smallest_budget(std::size_t n) {
  std::size_t best = n;
  for (std::size_t k = 1; k <= n; ++k) best = std::min(best, (k - 1) + (n + k - 1) / k);
  return best;
}

struct Measured {
  std::size_t held;  // bytes alive between forward and backward, beyond what was there before
  std::size_t peak;  // the most bytes alive during forward and backward, beyond the same base
};

// Returns what one forward and backward of `run` holds and peaks at.
template <class Run>
Measured measure(Run run) {
  const std::size_t base = tinyllm::memory::current_bytes();
  tinyllm::memory::reset_peak();
  Tensor loss = run();
  const std::size_t held = tinyllm::memory::current_bytes() - base;
  loss.backward();
  return {held, tinyllm::memory::peak_bytes() - base};
}

// Catches s23 (running the checkpointed forward with the graph on: correct gradients, no memory
// saved): for an MLP of 12 to 16 Linear-Tanh pairs of width 8 to 16 on 32 to 64 data rows (at
// least twice the width, so the activations outweigh the weights; the ratios do not depend on the
// sizes, and these keep the course suite fast), checkpointed on the smallest budget, the memory
// held between forward and backward is under half the plain run's, and the peak over forward and
// backward is lower.
RC_GTEST_PROP(Course, checkpoint_lowers_peak_memory, ()) {
  const auto depth = *rc::gen::inRange<std::size_t>(12, 17);
  const auto width = *rc::gen::inRange<std::size_t>(8, 17);
  const auto rows = *rc::gen::inRange<std::size_t>(32, 65);
  course_gen::MlpSpec spec;
  spec.widths.assign(depth + 1, width);
  spec.activations.assign(depth, course_gen::Activation::tanh);
  spec.seed = *rc::gen::arbitrary<std::uint64_t>();
  tinyllm::Generator data(spec.seed);
  const Tensor x = Tensor::uniform({rows, width}, -1.0, 1.0, data);
  auto plain = course_gen::build_mlp(spec), checkpointed = course_gen::build_mlp(spec);
  const std::size_t n_layers = checkpointed.model->size();
  const std::size_t budget = smallest_budget(n_layers);

  const Measured without = measure([&] { return tinyllm::sum((*plain.model)(x)); });
  const Measured with = measure([&] {
    return tinyllm::sum(tinyllm::train::checkpoint_sequential(*checkpointed.model, x, budget));
  });
  RC_ASSERT(without.held > 0u);
  RC_ASSERT(2 * with.held < without.held);
  RC_ASSERT(with.peak < without.peak);
}

}  // namespace
