// Tests for checkpoint and checkpoint_sequential, one per pitfall.
#include <gtest/gtest.h>

#include "helpers.hpp"

using tinyllm::Tensor;
using namespace tinyllm::train;

namespace {
// Counts how often the wrapped layer runs forward.
struct Counter : tinyllm::nn::Module {
  std::shared_ptr<tinyllm::nn::Module> inner;
  int n = 0;
  explicit Counter(std::shared_ptr<tinyllm::nn::Module> m) : inner(std::move(m)) {}
  Tensor forward(const Tensor& x) override {
    ++n;
    return (*inner)(x);
  }
  std::vector<Tensor> parameters() override { return inner->parameters(); }
};

// A model with dropout after each block, and its generator.
struct DropNet {
  tinyllm::Generator rng;
  std::shared_ptr<tinyllm::nn::Sequential> seq;
  explicit DropNet(std::uint64_t seed) : rng(seed + 100) {
    tinyllm::Generator g(seed);
    mine::Layers l;
    for (int i = 0; i < 4; ++i) {
      l.push_back(std::make_shared<tinyllm::nn::Linear>(3, 3, g));
      l.push_back(std::make_shared<tinyllm::nn::Dropout>(0.5, rng));
    }
    seq = std::make_shared<tinyllm::nn::Sequential>(l);
  }
};
}  // namespace

TEST(Recompute, SixLayersRunTwiceOnlyInFirstSegment) {
  tinyllm::Generator g(1);
  std::vector<std::shared_ptr<Counter>> c;
  mine::Layers l;
  for (int i = 0; i < 6; ++i) {
    c.push_back(std::make_shared<Counter>(std::make_shared<tinyllm::nn::Linear>(2, 2, g)));
    l.push_back(c.back());
  }
  tinyllm::nn::Sequential seq(l);
  tinyllm::sum(checkpoint_sequential(seq, Tensor::from({1, 2}, {1, 2}), 4)).backward();
  std::vector<int> counts;
  for (auto& x : c) counts.push_back(x->n);
  EXPECT_EQ(counts, (std::vector<int>{2, 2, 2, 1, 1, 1}));
}

// The same tensor in two slots.
TEST(Recompute, TensorPassedTwice) {
  Tensor x = Tensor::from({3.0}, {1}).requires_grad_();
  tinyllm::sum(checkpoint([](const std::vector<Tensor>& v) { return v[0] * v[1]; }, {x, x}))
      .backward();
  EXPECT_EQ(x.grad().item(), 6.0);
}

// Dropout: same gradients and the generator ends where it would without checkpointing.
TEST(Recompute, DropoutReplayed) {
  DropNet a(4), b(4);
  const Tensor x = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  tinyllm::sum((*a.seq)(x)).backward();
  tinyllm::sum(checkpoint_sequential(*b.seq, x, 5, {&b.rng})).backward();
  EXPECT_EQ(mine::all_grads(*a.seq), mine::all_grads(*b.seq));
  EXPECT_TRUE(a.rng.get_state() == b.rng.get_state());
}

// Checkpointing must actually keep less alive between forward and backward.
TEST(Recompute, UsesLessMemory) {
  auto a = mine::tanh_mlp(12, 32, 2), b = mine::tanh_mlp(12, 32, 2);
  tinyllm::Generator g(5);
  const Tensor x = Tensor::uniform({128, 32}, -1, 1, g);
  auto held = [](auto run) {
    const auto before = tinyllm::memory::current_bytes();
    Tensor out = run();
    return tinyllm::memory::current_bytes() - before;
  };
  const auto plain = held([&] { return (*a)(x); });
  const auto ck = held([&] { return checkpoint_sequential(*b, x, 9); });
  EXPECT_LT(ck * 2, plain);
}
