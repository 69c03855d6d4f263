// Activation checkpointing: one graph node per segment. The first pass runs without a graph; the
// node's VJP reruns the segment on fresh leaves with the same generator states and autocast state,
// so it performs the same operations on the same values and its gradients are equal bit for bit.
#include <algorithm>
#include <string>

#include "mutant.hpp"
#include "tinyllm/train/recompute.hpp"
#include "train/autocast_state.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {
namespace {
std::vector<Generator::State> states_of(const std::vector<Generator*>& rngs) {
  std::vector<Generator::State> states;
  for (Generator* g : rngs) states.push_back(g->get_state());
  return states;
}
void set_states(const std::vector<Generator*>& rngs, const std::vector<Generator::State>& states) {
  for (std::size_t i = 0; i < rngs.size(); ++i) rngs[i]->set_state(states[i]);
}

// Returns the first slot of `inputs` that holds the same tensor as slot i.
std::size_t first_slot_of(const std::vector<Tensor>& inputs, std::size_t i) {
  std::size_t first = 0;
  while (!inputs[first].same(inputs[i])) ++first;
  return first;
}

// Returns fresh leaves for the rerun: one per slot, requiring grad where the original does, so a
// tensor passed in two slots gets each slot's gradient once (from_op adds them into its gradient,
// which may round differently from plain autograd's order: docs/contract-freedoms.md, "A tensor
// in several slots").
std::vector<Tensor> rerun_inputs(const std::vector<Tensor>& inputs) {
  std::vector<Tensor> leaves(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    // s24: rerunning on the original tensors
    if (tinyllm::detail::is_mutant(24)) {
      leaves[i] = inputs[i];
      continue;
    }
    // s20: a tensor passed twice gets its gradient twice
    if (tinyllm::detail::is_mutant(20)) {
      const auto earlier = std::find_if(inputs.begin(), inputs.begin() + i,
                                        [&](const Tensor& t) { return t.same(inputs[i]); });
      if (earlier != inputs.begin() + i) {
        leaves[i] = leaves[earlier - inputs.begin()];
        continue;
      }
    }
    // w06: one leaf per distinct checkpoint input
    if (tinyllm::detail::is_wheat(6)) {
      const std::size_t first = first_slot_of(inputs, i);
      if (first != i) {
        leaves[i] = leaves[first];
        continue;
      }
    }
    leaves[i] = inputs[i].detach();
    if (inputs[i].requires_grad()) leaves[i].requires_grad_();
  }
  return leaves;
}
}  // namespace

Tensor checkpoint(const SegmentFn& fn, std::vector<Tensor> inputs, std::vector<Tensor> params,
                  std::vector<Generator*> rngs) {
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (!inputs[i].defined())
      throw std::invalid_argument(detail::error_message(
          "checkpoint", "input " + std::to_string(i) + " is an empty tensor handle"));
  for (Generator* g : rngs)
    if (!g)
      throw std::invalid_argument(
          detail::error_message("checkpoint", "a generator pointer in rngs is null"));
  if (!is_grad_enabled()) return fn(inputs);

  const auto recorded_states = states_of(rngs);
  const auto recorded_autocast = detail::active_dtype;
  // The first pass keeps no graph: the VJP's rerun builds one when backward needs it.
  auto run_first_pass = [&] {
    NoGrad no_graph;
    // s23: running the forward pass with the graph on
    if (tinyllm::detail::is_mutant(23)) {
      EnableGrad graph_on;
      return fn(inputs);
    }
    return fn(inputs);
  };
  const Tensor first_pass = run_first_pass();
  if (!first_pass.defined())
    throw std::invalid_argument(
        detail::error_message("checkpoint", "the segment function returned an empty tensor"));

  std::vector<Tensor> parents = inputs;
  // s19: parameters not parents of the node
  if (!tinyllm::detail::is_mutant(19)) parents.insert(parents.end(), params.begin(), params.end());

  // The VJP keeps the first pass's output to check the rerun against its shape and dtype.
  Vjp vjp = [fn, inputs, n_parents = parents.size(), rngs, recorded_states, recorded_autocast,
             first_pass](const Tensor& upstream) -> std::vector<std::optional<Tensor>> {
    const auto reached_states = states_of(rngs);
    Tensor upstream_copy;  // an empty handle, no storage, in the reference
    // w05: checkpointing with another memory profile
    if (tinyllm::detail::is_wheat(5)) upstream_copy = upstream.detach();
    // s21: not replaying the generator
    if (!tinyllm::detail::is_mutant(21)) set_states(rngs, recorded_states);
    const std::vector<Tensor> leaves = rerun_inputs(inputs);
    Tensor rerun;
    {
      EnableGrad grad_on;
      detail::AutocastState autocast(recorded_autocast);
      rerun = fn(leaves);
    }
    if (rerun.shape() != first_pass.shape() || rerun.dtype() != first_pass.dtype())
      throw std::logic_error(detail::error_message(
          "checkpoint", "the rerun returned " + shape_string(rerun.shape()) +
                            " but the first pass returned " + shape_string(first_pass.shape()) +
                            "; the segment function must be deterministic"));
    if (rerun.requires_grad()) rerun.backward(upstream);
    // s22: not restoring the generator after the rerun
    if (!tinyllm::detail::is_mutant(22)) set_states(rngs, reached_states);
    std::vector<std::optional<Tensor>> grads(n_parents);
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      // w06: one leaf per distinct checkpoint input
      if (tinyllm::detail::is_wheat(6))
        if (first_slot_of(inputs, i) != i) continue;  // its first slot returns the whole gradient
      if (leaves[i].has_grad()) grads[i] = leaves[i].grad();
    }
    return grads;  // parameters: their .grad was filled by the rerun's backward
  };
  return from_op(first_pass, std::move(parents), std::move(vjp), "checkpoint");
}

Tensor checkpoint_sequential(nn::Sequential& layers, const Tensor& x, std::size_t mem_budget_layers,
                             std::vector<Generator*> rngs) {
  const auto starts = checkpoint_schedule(layers.size(), mem_budget_layers);
  Tensor y = x;
  for (std::size_t s = 0; s < starts.size(); ++s) {
    const std::size_t begin = starts[s];
    const std::size_t end = s + 1 < starts.size() ? starts[s + 1] : layers.size();
    auto run_segment = [&layers, begin, end](const std::vector<Tensor>& in) {
      Tensor h = in[0];
      for (std::size_t i = begin; i < end; ++i) h = layers[i](h);
      return h;
    };
    // Backward needs the last segment's activations at once: checkpointing it would save nothing.
    if (s + 1 == starts.size()) {
      // s18: checkpointing the last segment too
      if (!tinyllm::detail::is_mutant(18)) {
        y = run_segment({y});
        continue;
      }
    }
    std::vector<Tensor> params;
    for (std::size_t i = begin; i < end; ++i)
      for (Tensor& p : layers[i].parameters()) params.push_back(p);
    y = checkpoint(run_segment, {y}, std::move(params), rngs);
  }
  return y;
}

}  // namespace tinyllm::train
