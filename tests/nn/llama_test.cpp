// The Llama model: its shapes and parameters, causality, sequences kept apart, and its whole
// gradient against float64 central finite differences.
#include "tinyllm/llama.hpp"

#include <gtest/gtest.h>

#include "gradcheck.hpp"
#include "tinyllm/numerics.hpp"
#include "tinyllm/train/precision.hpp"

namespace tinyllm {
namespace {

nn::LlamaConfig tiny_config() {
  nn::LlamaConfig config;
  config.vocab = 7;
  config.dim = 4;
  config.layers = 2;
  config.heads = 2;
  config.context = 3;
  config.hidden = 6;
  return config;
}

// Returns the slots of every parameter of `model`, in parameters() order.
std::vector<Tensor*> parameter_slots(nn::Llama& model) {
  std::vector<Tensor*> slots{&model.embedding.weight};
  for (std::size_t i = 0; i < model.blocks.size(); ++i) {
    auto& block = dynamic_cast<nn::TransformerBlock&>(model.blocks[i]);
    for (Tensor* slot :
         {&block.attention_norm.weight, &block.attention.query.weight, &block.attention.key.weight,
          &block.attention.value.weight, &block.attention.out.weight, &block.mlp_norm.weight,
          &block.mlp.gate.weight, &block.mlp.up.weight, &block.mlp.down.weight})
      slots.push_back(slot);
  }
  slots.push_back(&model.norm.weight);
  slots.push_back(&model.output.weight);
  return slots;
}

// Catches: a parameter missing from parameters() (the optimizer would never train it), or listed
// out of the documented order.
TEST(Llama, ParametersAreEveryWeightInOrder) {
  Generator gen(1);
  nn::Llama model(tiny_config(), gen);
  const auto params = model.parameters();
  const auto slots = parameter_slots(model);
  ASSERT_EQ(params.size(), slots.size());
  for (std::size_t i = 0; i < params.size(); ++i) EXPECT_TRUE(params[i].same(*slots[i])) << i;
  std::size_t count = 0;
  for (const Tensor& p : params) count += p.numel();
  // embedding 7x4, per block 4 + 4 * 16 + 4 + 3 * 24, final norm 4, output 7x4
  EXPECT_EQ(count, 28u + 2 * (4 + 64 + 4 + 72) + 4 + 28);
}

// Catches: Llama's width rule (8/3 dim rounded up to a multiple of 8) computed otherwise, or a
// config that cannot split its heads accepted.
TEST(LlamaConfig, MlpWidthAndValidation) {
  nn::LlamaConfig config;
  config.dim = 64;
  EXPECT_EQ(config.mlp_width(), 176u);
  config.heads = 3;
  EXPECT_THROW(config.validate(), std::invalid_argument);
  config.heads = 64;  // a head width of 1: rotary needs pairs
  EXPECT_THROW(config.validate(), std::invalid_argument);
}

Tensor logits_of(nn::Llama& model, const std::vector<double>& ids, std::size_t batch) {
  NoGrad no_grad;
  return model(Tensor::from(ids, {batch, model.config().context}));
}

// Catches: the causal mask missing or reversed (a position seeing the tokens after it), or
// attention mixing rows of different sequences.
TEST(Llama, APositionSeesOnlyItsOwnSequenceUpToItself) {
  Generator gen(2);
  nn::Llama model(tiny_config(), gen);
  const auto base = logits_of(model, {1, 2, 3, 4, 5, 6}, 2).values();
  const auto changed_last = logits_of(model, {1, 2, 0, 4, 5, 6}, 2).values();
  const std::size_t vocab = 7;
  for (std::size_t i = 0; i < 2 * vocab; ++i) EXPECT_EQ(base[i], changed_last[i]) << i;
  EXPECT_NE(base[2 * vocab], changed_last[2 * vocab]);
  const auto changed_other = logits_of(model, {1, 2, 3, 0, 5, 6}, 2).values();
  for (std::size_t i = 0; i < 3 * vocab; ++i) EXPECT_EQ(base[i], changed_other[i]) << i;
}

// Catches: rotary positions missing (without them, and with the causal mask, the last position's
// attention would not depend on where the earlier tokens stand).
TEST(Llama, TheOrderOfEarlierTokensMatters) {
  Generator gen(3);
  nn::Llama model(tiny_config(), gen);
  const auto a = logits_of(model, {1, 2, 3}, 1).values();
  const auto b = logits_of(model, {2, 1, 3}, 1).values();
  EXPECT_NE(std::vector<double>(a.begin() + 14, a.end()),
            std::vector<double>(b.begin() + 14, b.end()));
}

// Catches: a matmul of the model bypassing the dispatch point (autocast would not round it): under
// bf16 autocast every matmul's result is a bf16 value, so the logits (the output head's matmul)
// are bf16 values too.
TEST(Llama, AutocastRoundsTheModelsMatmuls) {
  Generator gen(4);
  nn::Llama model(tiny_config(), gen);
  train::Autocast autocast("bf16");
  for (const double v : logits_of(model, {1, 2, 3}, 1).values())
    EXPECT_EQ(v, numerics::round_to_bf16(v)) << v;
}

// Catches: a wrong VJP anywhere in the model (embedding, norms, rotary, attention, SwiGLU, the
// residuals, the head, cross-entropy): the gradient of every parameter against float64 central
// finite differences.
TEST(Llama, GradientOfEveryParameterMatchesFiniteDifferences) {
  Generator gen(5);
  nn::Llama model(tiny_config(), gen);
  const auto slots = parameter_slots(model);
  std::vector<Tensor> inputs;
  for (Tensor* slot : slots) inputs.push_back(*slot);
  const Tensor ids = Tensor::from({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor targets = Tensor::from({2, 3, 4, 5, 6, 0}, {6});
  const std::string error = testing::gradcheck(
      [&](const std::vector<Tensor>& params) {
        for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = params[i];
        return nn::cross_entropy(model(ids), targets);
      },
      inputs);
  EXPECT_EQ(error, "");
}

}  // namespace
}  // namespace tinyllm
