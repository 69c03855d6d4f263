// Activation checkpointing (the course's L11.1, recompute.py, and M08.4's schedule): keep a
// segment's input only, and rerun the segment during backward.
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

#include "tinyllm/nn.hpp"
#include "tinyllm/random.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm::train {

using SegmentFn = std::function<Tensor(const std::vector<Tensor>& inputs)>;

// Returns fn(inputs) as one graph node whose parents are `inputs` and `params`, computed without
// recording fn's graph. Its VJP reruns fn on fresh leaf copies of the inputs with grad mode on,
// under the autocast state recorded at the first call, with every generator in `rngs` set back to
// its state at the first call and afterwards restored to where the stream had reached;
// parameter gradients land in their .grad directly. With grad mode off it just calls fn.
Tensor checkpoint(const SegmentFn& fn, std::vector<Tensor> inputs, std::vector<Tensor> params = {},
                  std::vector<Generator*> rngs = {});

// Returns layers(x), every segment of checkpoint_schedule(layers.size(), mem_budget_layers) but
// the last run through checkpoint, the last one normally.
Tensor checkpoint_sequential(nn::Sequential& layers, const Tensor& x, std::size_t mem_budget_layers,
                             std::vector<Generator*> rngs = {});

// Returns the start index of each segment of the schedule with the fewest segments k whose peak
// (k - 1) + max s_j is at most mem_budget_layers, sizes differing by at most one, larger first:
// checkpoint_schedule(6, 4) == {0, 3}. Zero layers, or a budget below every schedule's peak:
// std::invalid_argument naming the smallest budget that works.
std::vector<std::size_t> checkpoint_schedule(std::size_t n_layers, std::size_t mem_budget_layers);

}  // namespace tinyllm::train
