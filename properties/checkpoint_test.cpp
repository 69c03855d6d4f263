// Activation checkpointing: the unit and boundary cases.
#include <gtest/gtest.h>

#include <memory>
#include <tinyllm/tinyllm.hpp>
#include <vector>

#include "generators.hpp"

namespace {
using course_gen::grads_of;
using tinyllm::Tensor;

// Wraps a module and counts its forward calls: a checkpointed layer runs twice.
class Counting : public tinyllm::nn::Module {
 public:
  explicit Counting(std::shared_ptr<tinyllm::nn::Module> inner) : inner_(std::move(inner)) {}
  Tensor forward(const Tensor& x) override {
    ++calls;
    return (*inner_)(x);
  }
  std::vector<Tensor> parameters() override { return inner_->parameters(); }
  void train(bool on = true) override {
    Module::train(on);
    inner_->train(on);
  }
  int calls = 0;

 private:
  std::shared_ptr<tinyllm::nn::Module> inner_;
};

// Returns n layers Linear(width, width) - Tanh, each wrapped in a Counting, from `seed`.
std::vector<std::shared_ptr<Counting>> counted_layers(std::size_t n, std::size_t width,
                                                      std::uint64_t seed) {
  tinyllm::Generator init(seed);
  std::vector<std::shared_ptr<Counting>> layers;
  for (std::size_t i = 0; i < n; ++i)
    layers.push_back(std::make_shared<Counting>(
        std::make_shared<tinyllm::nn::Sequential>(std::vector<std::shared_ptr<tinyllm::nn::Module>>{
            std::make_shared<tinyllm::nn::Linear>(width, width, init),
            std::make_shared<tinyllm::nn::Tanh>()})));
  return layers;
}

tinyllm::nn::Sequential sequential_of(const std::vector<std::shared_ptr<Counting>>& layers) {
  return tinyllm::nn::Sequential(
      std::vector<std::shared_ptr<tinyllm::nn::Module>>(layers.begin(), layers.end()));
}

std::vector<int> calls_of(const std::vector<std::shared_ptr<Counting>>& layers) {
  std::vector<int> calls;
  for (const auto& layer : layers) calls.push_back(layer->calls);
  return calls;
}

// Catches s18 (checkpointing the last segment too): section 3's six layers with a budget of 4
// units: checkpoint_schedule(6, 4) == [0, 3]. Layers 0-2 run forward twice (once without a graph,
// once in backward), layers 3-5 once, and every gradient equals the plain run's.
TEST(Course, hand_example_checkpoint_schedule) {
  EXPECT_EQ(tinyllm::train::checkpoint_schedule(6, 4), (std::vector<std::size_t>{0, 3}));
  EXPECT_EQ(tinyllm::train::checkpoint_schedule(7, 5), (std::vector<std::size_t>{0, 4}));
  EXPECT_EQ(tinyllm::train::checkpoint_schedule(7, 7), (std::vector<std::size_t>{0}));

  auto plain_layers = counted_layers(6, 3, 5), checkpointed_layers = counted_layers(6, 3, 5);
  auto plain = sequential_of(plain_layers), checkpointed = sequential_of(checkpointed_layers);
  tinyllm::Generator data(6);
  const Tensor x = Tensor::uniform({2, 3}, -1.0, 1.0, data);

  tinyllm::sum(plain(x)).backward();
  const Tensor y = tinyllm::train::checkpoint_sequential(checkpointed, x, 4);
  EXPECT_EQ(calls_of(checkpointed_layers), (std::vector<int>{1, 1, 1, 1, 1, 1}));
  tinyllm::sum(y).backward();
  EXPECT_EQ(calls_of(checkpointed_layers), (std::vector<int>{2, 2, 2, 1, 1, 1}))
      << "only the first segment is rerun; [2, 2, 2, 2, 2, 2] checkpoints the last one too";
  EXPECT_EQ(y.values(), plain(x).values());
  EXPECT_EQ(grads_of(checkpointed), grads_of(plain));
}

// Catches s19 (parameters not parents of the checkpoint node): with a data input (no grad), only
// the parameters make the node require grad; without them the first segment silently stops
// learning. Directly through checkpoint, and through checkpoint_sequential with three segments.
TEST(Course, checkpoint_params_get_grads_from_data_input) {
  tinyllm::Generator init(8);
  tinyllm::nn::Linear checkpointed(3, 2, init);
  tinyllm::nn::Linear plain(3, 2, init);
  plain.weight.assign(checkpointed.weight);
  plain.bias.assign(checkpointed.bias);
  tinyllm::Generator data(9);
  const Tensor x = Tensor::uniform({4, 3}, -1.0, 1.0, data);
  ASSERT_FALSE(x.requires_grad());

  const Tensor y = tinyllm::train::checkpoint(
      [&](const std::vector<Tensor>& in) { return tinyllm::tanh(checkpointed(in[0])); }, {x},
      checkpointed.parameters());
  ASSERT_TRUE(y.requires_grad()) << "the node must require grad through its parameters";
  tinyllm::sum(y).backward();
  tinyllm::sum(tinyllm::tanh(plain(x))).backward();
  ASSERT_TRUE(checkpointed.weight.has_grad());
  ASSERT_TRUE(checkpointed.bias.has_grad());
  EXPECT_EQ(checkpointed.weight.grad().values(), plain.weight.grad().values());
  EXPECT_EQ(checkpointed.bias.grad().values(), plain.bias.grad().values());

  auto a = counted_layers(9, 3, 10), b = counted_layers(9, 3, 10);
  auto plain_model = sequential_of(a), checkpointed_model = sequential_of(b);
  ASSERT_EQ(tinyllm::train::checkpoint_schedule(9, 5), (std::vector<std::size_t>{0, 3, 6}));
  tinyllm::sum(tinyllm::train::checkpoint_sequential(checkpointed_model, x, 5)).backward();
  tinyllm::sum(plain_model(x)).backward();
  for (const Tensor& p : checkpointed_model.parameters())
    EXPECT_TRUE(p.has_grad()) << "a parameter of a checkpointed segment got no gradient";
  EXPECT_EQ(grads_of(checkpointed_model), grads_of(plain_model));
}

// Catches s20 (a tensor passed in two slots gets its gradient twice): checkpoint(fn, {x, x})
// gives x the plain gradient; a constant input (a number, no grad) gets none and the others are
// right; under NoGrad, checkpoint just calls fn once and records nothing.
TEST(Course, checkpoint_function_and_no_grad) {
  auto fn = [](const std::vector<Tensor>& in) { return in[0] * in[1] + in[0]; };
  Tensor x = Tensor::from({0.5, -1.5, 2.0}, {3}).requires_grad_();
  Tensor x_plain = x.detach().requires_grad_();
  tinyllm::sum(tinyllm::train::checkpoint(fn, {x, x})).backward();
  tinyllm::sum(fn({x_plain, x_plain})).backward();
  // d/dx (x * x + x) = 2x + 1.
  EXPECT_EQ(x.grad().values(), (std::vector<double>{2.0, -2.0, 5.0}));
  EXPECT_EQ(x.grad().values(), x_plain.grad().values());

  Tensor z = Tensor::from({1.0, 2.0, 3.0}, {3}).requires_grad_();
  const Tensor three = Tensor::scalar(3.0);
  const double offset = 0.25;
  auto with_number = [offset](const std::vector<Tensor>& in) {
    return tinyllm::square(in[0]) * in[1] + offset;
  };
  const Tensor out = tinyllm::train::checkpoint(with_number, {z, three});
  EXPECT_EQ(out.values(), (std::vector<double>{3.25, 12.25, 27.25}));
  tinyllm::sum(out).backward();
  EXPECT_EQ(z.grad().values(), (std::vector<double>{6.0, 12.0, 18.0}));  // 2 * 3 * z
  EXPECT_FALSE(three.has_grad());

  int calls = 0;
  auto counted = [&calls](const std::vector<Tensor>& in) {
    ++calls;
    return in[0] * 2.0;
  };
  Tensor w = Tensor::from({1.0, 2.0}, {2}).requires_grad_();
  {
    tinyllm::NoGrad no_grad;
    const Tensor y = tinyllm::train::checkpoint(counted, {w});
    EXPECT_FALSE(y.requires_grad()) << "under NoGrad checkpoint records nothing";
    EXPECT_EQ(y.values(), (std::vector<double>{2.0, 4.0}));
  }
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(w.has_grad());
}

// Catches a rerun on leaves that all require grad: the rerun's fresh copies of the inputs require
// grad exactly where the originals do (the segment sees a data input as data), and only inputs
// that require grad get a gradient.
TEST(CourseContract, rerun_leaves_require_grad_as_their_originals) {
  Tensor a = Tensor::from({1.0, 2.0}, {2}).requires_grad_();
  const Tensor b = Tensor::from({3.0, 4.0}, {2});
  std::vector<std::vector<bool>> seen;  // each call with grad mode on: the slots' requires_grad()
  auto fn = [&seen](const std::vector<Tensor>& in) {
    if (tinyllm::is_grad_enabled()) seen.push_back({in[0].requires_grad(), in[1].requires_grad()});
    return in[0] * in[1];
  };
  tinyllm::sum(tinyllm::train::checkpoint(fn, {a, b})).backward();
  EXPECT_EQ(seen, (std::vector<std::vector<bool>>{{true, false}}));
  EXPECT_EQ(a.grad().values(), b.values());
  EXPECT_FALSE(b.has_grad());
}

// Catches a rerun that is not checked against the first pass: a segment that returns another
// shape when backward reruns it raises std::logic_error, the contract's error for a segment that
// reruns differently, not a bad argument (std::invalid_argument) from deeper in backward.
TEST(CourseContract, a_segment_that_reruns_differently_is_a_logic_error) {
  Tensor w = Tensor::from({1.0, 2.0}, {1, 2}).requires_grad_();
  int calls = 0;
  auto changing = [&calls](const std::vector<Tensor>& in) {
    ++calls;
    return calls == 1 ? in[0] * 2.0 : in[0] * Tensor::full({2, 1}, 2.0);  // (1, 2), then (2, 2)
  };
  const Tensor y = tinyllm::train::checkpoint(changing, {w});
  try {
    tinyllm::sum(y).backward();
    ADD_FAILURE() << "the rerun returned (2, 2) after (1, 2) and backward raised nothing";
  } catch (const std::invalid_argument& e) {
    ADD_FAILURE() << "std::invalid_argument (" << e.what() << "), not the rerun's std::logic_error";
  } catch (const std::logic_error&) {
  }
  EXPECT_EQ(calls, 2);
}

}  // namespace
