// Activation checkpointing changes nothing in training.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <vector>

#include "generators.hpp"

namespace {
using course_gen::grads_of;
using tinyllm::DType;
using tinyllm::Tensor;

// Catches s24 (rerunning on the original tensors: the rerun's backward runs into the outer graph
// and the input's gradient doubles), and s21 (dropout not replayed): random 7-layer MLPs (with
// and without dropout), float32 and float64, every budget from the smallest that fits 7 layers
// (5) to no checkpointing (7). The output, every parameter's gradient and the input's gradient
// equal the plain run's bit for bit; the input requires grad too.
RC_GTEST_PROP(Course, checkpoint_grads_bitwise_equal, ()) {
  const auto dtype = *course_gen::dtype();
  const bool dropout = *rc::gen::arbitrary<bool>();
  // 7 modules: Linear, act, [Dropout,] ... , Linear.
  auto spec = *course_gen::mlp_spec(dropout ? 3 : 4, dropout ? 3 : 4, 5, dtype, dropout);
  const auto rows = *rc::gen::inRange<std::size_t>(1, 4);
  const Tensor x_values = *course_gen::tensor({rows, spec.widths.front()}, dtype);
  const Tensor upstream = *course_gen::tensor({rows, spec.widths.back()}, dtype);
  for (std::size_t budget : {5, 6, 7}) {
    auto plain = course_gen::build_mlp(spec), checkpointed = course_gen::build_mlp(spec);
    RC_ASSERT(plain.model->size() == 7u);
    Tensor x_plain = x_values.detach().requires_grad_();
    Tensor x = x_values.detach().requires_grad_();
    const Tensor y_plain = (*plain.model)(x_plain);
    y_plain.backward(upstream);
    const Tensor y =
        tinyllm::train::checkpoint_sequential(*checkpointed.model, x, budget, checkpointed.rngs());
    y.backward(upstream);
    RC_ASSERT(y.values() == y_plain.values());
    RC_ASSERT(grads_of(*checkpointed.model) == grads_of(*plain.model));
    RC_ASSERT(x.has_grad());
    RC_ASSERT(x.grad().values() == x_plain.grad().values());
  }
}

// Wraps a module and keeps every output it returns, to compare the masks of the first pass and
// of the rerun.
class Recording : public tinyllm::nn::Module {
 public:
  explicit Recording(std::shared_ptr<tinyllm::nn::Module> inner) : inner_(std::move(inner)) {}
  Tensor forward(const Tensor& x) override {
    outputs.push_back((*inner_)(x));
    return outputs.back();
  }
  void train(bool on = true) override {
    Module::train(on);
    inner_->train(on);
  }
  std::vector<Tensor> outputs;

 private:
  std::shared_ptr<tinyllm::nn::Module> inner_;
};

struct DropoutNet {
  std::unique_ptr<tinyllm::Generator> rng;
  std::vector<std::shared_ptr<Recording>> dropouts;
  std::shared_ptr<tinyllm::nn::Sequential> model;
};

// Returns [Linear, Tanh, Recording(Dropout)] x 3 + Linear: 10 layers, dropout in every segment.
DropoutNet dropout_net(std::size_t width, double p, std::uint64_t seed) {
  DropoutNet net;
  net.rng = std::make_unique<tinyllm::Generator>(seed + 1);
  tinyllm::Generator init(seed);
  std::vector<std::shared_ptr<tinyllm::nn::Module>> layers;
  for (int i = 0; i < 3; ++i) {
    layers.push_back(std::make_shared<tinyllm::nn::Linear>(width, width, init));
    layers.push_back(std::make_shared<tinyllm::nn::Tanh>());
    net.dropouts.push_back(
        std::make_shared<Recording>(std::make_shared<tinyllm::nn::Dropout>(p, *net.rng)));
    layers.push_back(net.dropouts.back());
  }
  layers.push_back(std::make_shared<tinyllm::nn::Linear>(width, 1, init));
  net.model = std::make_shared<tinyllm::nn::Sequential>(std::move(layers));
  return net;
}

// Catches s21 (the generator not replayed: the rerun draws another mask) and s22 (the generator
// not restored after the rerun: later draws repeat): with dropout in every segment, the rerun's
// masks equal the first pass's, the gradients equal the plain run's, and after backward the
// generator is in the plain run's state, so the next step draws the same masks too.
RC_GTEST_PROP(Course, checkpoint_replays_dropout_rng, ()) {
  const auto width = *rc::gen::inRange<std::size_t>(1, 6);
  const auto rows = *rc::gen::inRange<std::size_t>(1, 4);
  const double p = *rc::gen::element(0.25, 0.5);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto budget = *rc::gen::inRange<std::size_t>(6, 10);  // 2 segments of 10 layers
  RC_ASSERT(tinyllm::train::checkpoint_schedule(10, budget).size() == 2u);
  const Tensor x = *course_gen::tensor({rows, width}, DType::f32);
  auto plain = dropout_net(width, p, seed), checkpointed = dropout_net(width, p, seed);

  for (int step = 0; step < 2; ++step) {
    tinyllm::sum((*plain.model)(x)).backward();
    const Tensor y = tinyllm::train::checkpoint_sequential(*checkpointed.model, x, budget,
                                                           {checkpointed.rng.get()});
    tinyllm::sum(y).backward();
    // The first segment's dropout layers ran twice: first pass and rerun, with the same mask.
    for (const auto& d : checkpointed.dropouts)
      for (std::size_t call = 1; call < d->outputs.size(); ++call)
        RC_ASSERT(d->outputs[call].values() == d->outputs[0].values());
    RC_ASSERT(checkpointed.dropouts.front()->outputs.size() == 2u);
    RC_ASSERT(checkpointed.rng->get_state() == plain.rng->get_state());
    RC_ASSERT(grads_of(*checkpointed.model) == grads_of(*plain.model));
    for (auto* net : {&plain, &checkpointed})
      for (const auto& d : net->dropouts) d->outputs.clear();
  }
}

}  // namespace
