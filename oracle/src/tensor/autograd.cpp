// Grad mode, from_op, and the backward engine: a topological order of the nodes, then one reversed
// loop that runs each VJP once and adds its results into the parents' gradients.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "tensor/impl.hpp"

namespace tinyllm {
namespace {
thread_local bool grad_enabled = true;

std::string node_label(const detail::Node& node) {
  return node.name.empty() ? std::string("a custom op") : "'" + node.name + "'";
}

// Returns the nodes reachable from `root` with every node after all of the nodes that feed it
// (iterative depth-first post-order, parents visited in order, so the order is fixed).
std::vector<std::shared_ptr<detail::Node>> topological_order(
    const std::shared_ptr<detail::Node>& root) {
  std::vector<std::shared_ptr<detail::Node>> order;
  std::unordered_set<const detail::Node*> visited{root.get()};
  std::vector<std::pair<std::shared_ptr<detail::Node>, std::size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [node, next_parent] = stack.back();
    if (next_parent < node->parents.size()) {
      const auto& parent_fn = node->parents[next_parent++]->grad_fn;
      if (parent_fn && visited.insert(parent_fn.get()).second) stack.emplace_back(parent_fn, 0);
    } else {
      order.push_back(node);
      stack.pop_back();
    }
  }
  return order;
}

// Adds g into `slot` (a fresh copy the first time, so no caller's tensor is aliased).
void accumulate(std::shared_ptr<detail::TensorImpl>& slot, const Tensor& g) {
  slot = slot ? (Tensor(slot) + g).impl() : g.detach().impl();
}
}  // namespace

bool is_grad_enabled() {
  return grad_enabled;
}
NoGrad::NoGrad() : previous_(grad_enabled) {
  grad_enabled = false;
}
NoGrad::~NoGrad() {
  grad_enabled = previous_;
}
EnableGrad::EnableGrad() : previous_(grad_enabled) {
  grad_enabled = true;
}
EnableGrad::~EnableGrad() {
  grad_enabled = previous_;
}

Tensor from_op(const Tensor& value, std::vector<Tensor> parents, Vjp vjp, std::string name) {
  if (!value.defined())
    throw std::invalid_argument("from_op(" + name + "): the value is an empty tensor handle");
  auto out = std::make_shared<detail::TensorImpl>();
  out->shape = value.shape();
  out->dtype = value.dtype();
  out->numel = value.numel();
  out->storage = value.impl()->storage;
  const bool record = is_grad_enabled() &&
                      std::any_of(parents.begin(), parents.end(),
                                  [](const Tensor& p) { return p.defined() && p.requires_grad(); });
  if (!record) return Tensor(std::move(out));
  auto node = std::make_shared<detail::Node>();
  node->name = std::move(name);
  node->vjp = std::move(vjp);
  node->shape = out->shape;
  node->dtype = out->dtype;
  for (auto& parent : parents) {
    if (!parent.defined())
      throw std::invalid_argument("from_op(" + node->name +
                                  "): a parent is an empty tensor handle");
    node->parents.push_back(parent.impl());
  }
  out->grad_fn = std::move(node);
  return Tensor(std::move(out));
}

void Tensor::backward() const {
  if (numel() != 1)
    throw std::invalid_argument(
        "Tensor::backward: without an upstream gradient the tensor must "
        "have one element, it has shape " +
        shape_string(shape()) + "; pass backward(upstream) or reduce it first");
  backward(Tensor::full(shape(), 1.0, dtype()));
}

void Tensor::backward(const Tensor& upstream) const {
  const auto& root = checked();
  if (!requires_grad())
    throw std::logic_error(
        "Tensor::backward: the tensor does not require grad, so no graph leads "
        "from it to any parameter; mark leaves with requires_grad_() and "
        "compute with grad mode on");
  if (upstream.shape() != root.shape)
    throw std::invalid_argument("Tensor::backward: upstream has shape " +
                                shape_string(upstream.shape()) + " but the tensor has shape " +
                                shape_string(root.shape));
  NoGrad no_grad;
  const Tensor seed = upstream.dtype() == root.dtype ? upstream : upstream.to(root.dtype);
  if (!root.grad_fn) {
    accumulate(const_cast<detail::TensorImpl&>(root).grad, seed);
    return;
  }
  const auto order = topological_order(root.grad_fn);
  std::unordered_map<const detail::Node*, Tensor> pending{{root.grad_fn.get(), seed}};
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    detail::Node& node = **it;
    auto found = pending.find(&node);
    if (found == pending.end()) continue;  // no gradient reaches this node
    const Tensor up = std::move(found->second);
    pending.erase(found);
    if (node.consumed)
      throw std::logic_error("Tensor::backward: the graph through " + node_label(node) +
                             " was already backpropagated and its saved values freed; recompute "
                             "the forward pass to backpropagate again");
    const auto grads = node.vjp(up);
    if (grads.size() != node.parents.size())
      throw std::logic_error("backward: the VJP of " + node_label(node) + " returned " +
                             std::to_string(grads.size()) + " gradients for " +
                             std::to_string(node.parents.size()) + " parents");
    for (std::size_t i = 0; i < grads.size(); ++i) {
      auto& parent = node.parents[i];
      if (!grads[i] || !(parent->requires_grad || parent->grad_fn)) continue;
      Tensor g = *grads[i];
      if (g.shape() != parent->shape)
        throw std::logic_error("backward: the VJP of " + node_label(node) + " gave parent " +
                               std::to_string(i) + " a gradient of shape " +
                               shape_string(g.shape()) + " for a parent of shape " +
                               shape_string(parent->shape));
      if (g.dtype() != parent->dtype) g = g.to(parent->dtype);
      if (parent->grad_fn) {
        auto [slot, fresh] = pending.try_emplace(parent->grad_fn.get(), g);
        if (!fresh) slot->second = slot->second + g;
      } else {
        accumulate(parent->grad, g);
      }
    }
    // Free what the node saved, so memory falls as backward proceeds.
    node.vjp = nullptr;
    node.parents.clear();
    node.consumed = true;
  }
}

}  // namespace tinyllm
