// The pre-norm transformer block and the Llama model assembled from the pieces.
#include "tinyllm/llama.hpp"

#include <stdexcept>
#include <string>

namespace tinyllm::nn {

namespace {
void append(std::vector<Tensor>& to, const std::vector<Tensor>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

const LlamaConfig& checked(const LlamaConfig& config) {
  config.validate();
  return config;
}

std::vector<std::shared_ptr<Module>> make_blocks(const LlamaConfig& config, Generator& gen) {
  std::vector<std::shared_ptr<Module>> blocks;
  for (std::size_t i = 0; i < config.layers; ++i)
    blocks.push_back(std::make_shared<TransformerBlock>(config.dim, config.heads,
                                                        config.mlp_width(), config.context, gen));
  return blocks;
}
}  // namespace

TransformerBlock::TransformerBlock(std::size_t dim, std::size_t heads, std::size_t hidden,
                                   std::size_t context, Generator& gen)
    : attention_norm(dim),
      attention(dim, heads, context, gen),
      mlp_norm(dim),
      mlp(dim, hidden, gen) {}

Tensor TransformerBlock::forward(const Tensor& x) {
  const Tensor h = x + attention(attention_norm(x));
  return h + mlp(mlp_norm(h));
}

std::vector<Tensor> TransformerBlock::parameters() {
  std::vector<Tensor> params = attention_norm.parameters();
  append(params, attention.parameters());
  append(params, mlp_norm.parameters());
  append(params, mlp.parameters());
  return params;
}

std::size_t LlamaConfig::mlp_width() const {
  if (hidden != 0) return hidden;
  const std::size_t rule = (8 * dim + 2) / 3;  // 8/3 dim, rounded up
  return (rule + 7) / 8 * 8;
}

void LlamaConfig::validate() const {
  const auto fail = [](const std::string& what) {
    throw std::invalid_argument("LlamaConfig: " + what);
  };
  if (vocab == 0 || dim == 0 || layers == 0 || heads == 0 || context == 0)
    fail("vocab, dim, layers, heads and context must all be positive");
  if (dim % heads != 0 || (dim / heads) % 2 != 0)
    fail("heads = " + std::to_string(heads) + " must divide dim = " + std::to_string(dim) +
         " into an even head width");
  if (!(rope_base > 0)) fail("rope_base must be positive");
}

Llama::Llama(const LlamaConfig& config, Generator& gen)
    : embedding(checked(config).vocab, config.dim, gen),
      blocks(make_blocks(config, gen)),
      norm(config.dim),
      output(config.dim, config.vocab, gen, false),
      config_(config) {}

Tensor Llama::forward(const Tensor& ids) {
  if (ids.ndim() != 2 || ids.shape()[1] != config_.context)
    throw std::invalid_argument("Llama: token ids must be (batch, " +
                                std::to_string(config_.context) + "), got " +
                                shape_string(ids.shape()));
  const Tensor x = embedding(ids);
  const Tensor h = run_blocks ? run_blocks(blocks, x) : blocks(x);
  return output(norm(h));
}

std::vector<Tensor> Llama::parameters() {
  std::vector<Tensor> params = embedding.parameters();
  append(params, blocks.parameters());
  append(params, norm.parameters());
  append(params, output.parameters());
  return params;
}

void Llama::train(bool on) {
  Module::train(on);
  blocks.train(on);
}

}  // namespace tinyllm::nn
