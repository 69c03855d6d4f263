// A small Llama, the model of the course's milestone MS-L11: token embedding, RMSNorm, rotary
// position embedding, causal multi-head self-attention, a SwiGLU MLP, cross-entropy over the
// vocabulary, and the model assembled from them. Every matmul goes through the dispatch point, so
// autocast rounds them; everything else computes in float32 (the module description's per-op cast
// policy, which rounds matmuls only).
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "tinyllm/nn.hpp"

namespace tinyllm::nn {

// Returns x / sqrt(mean(x^2) + eps) for each row of a 2-D x (the mean over its columns, summed in
// ascending order in x's dtype).
Tensor rms_normalize(const Tensor& x, double eps);
// Returns x (rows, dims, dims even) with each pair of columns (2i, 2i + 1) of row r rotated by the
// angle p * base^(-2i / dims), p = r % period: the rotary position embedding of positions
// 0..period-1 repeated for each sequence of `period` rows. cos and sin are computed in double and
// rounded once to x's dtype. The gradient is the inverse rotation.
Tensor rotary(const Tensor& x, std::size_t period, double base = 10000.0);
// Returns the mean over the n rows of logits (n, classes) of log(sum(exp(row))) - row[target],
// computed per row with the row's largest logit subtracted. `targets` holds n whole numbers in
// [0, classes) (any shape). No gradient flows to `targets`.
Tensor cross_entropy(const Tensor& logits, const Tensor& targets);

// The token embedding: weight (vocab, dim) drawn from N(0, 1) as PyTorch's nn.Embedding does.
class Embedding : public Module {
 public:
  Embedding(std::size_t vocab, std::size_t dim, Generator& gen);
  // Returns the rows of weight that the token ids in x (any shape) name: (x.numel(), dim).
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;
  Tensor weight;
};

// RMSNorm: rms_normalize(x, eps) * weight, weight (dim) starting at ones.
class RMSNorm : public Module {
 public:
  explicit RMSNorm(std::size_t dim, double eps = 1e-5);
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;
  Tensor weight;
  double eps;
};

// Causal multi-head self-attention over sequences of `context` rows each: x (batch * context, dim)
// is projected to q, k, v (Linear, no bias); each head takes its dim / heads columns, rotary
// positions on q and k, then per sequence softmax_rows(causal_mask(q k^T / sqrt(head dim))) v; the
// heads are joined and projected by `out`.
class CausalSelfAttention : public Module {
 public:
  CausalSelfAttention(std::size_t dim, std::size_t heads, std::size_t context, Generator& gen,
                      double rope_base = 10000.0);
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;  // query, key, value, out (weights only)
  Linear query, key, value, out;

 private:
  std::size_t heads_, context_;
  double rope_base_;
};

// The SwiGLU MLP: down(silu(gate(x)) * up(x)), all Linear without bias.
class SwiGLU : public Module {
 public:
  SwiGLU(std::size_t dim, std::size_t hidden, Generator& gen);
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;  // gate, up, down
  Linear gate, up, down;
};

// One pre-norm block: x + attention(norm1(x)), then that + mlp(norm2(that)).
class TransformerBlock : public Module {
 public:
  TransformerBlock(std::size_t dim, std::size_t heads, std::size_t hidden, std::size_t context,
                   Generator& gen);
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;  // attention_norm, attention, mlp_norm, mlp
  RMSNorm attention_norm;
  CausalSelfAttention attention;
  RMSNorm mlp_norm;
  SwiGLU mlp;
};

struct LlamaConfig {
  std::size_t vocab = 256;   // byte-level
  std::size_t dim = 64;      // model width
  std::size_t layers = 4;    // transformer blocks
  std::size_t heads = 4;     // attention heads; divides dim into an even head width
  std::size_t context = 64;  // tokens per sequence
  std::size_t hidden = 0;    // SwiGLU width; 0: Llama's rule, 8/3 dim rounded up to a multiple of 8
  double rope_base = 10000.0;
  // Returns the SwiGLU width the config means (hidden, or the rule when it is 0).
  std::size_t mlp_width() const;
  // Throws std::invalid_argument that names the field when the config cannot make a model.
  void validate() const;
};

// The model: token ids (batch, context) -> logits (batch * context, vocab), row b * context + t
// predicting the token after position t of sequence b. Parameters are drawn from `gen` in
// construction order: embedding, each block (its attention's query, key, value, out; its MLP's
// gate, up, down), the output head.
class Llama : public Module {
 public:
  Llama(const LlamaConfig& config, Generator& gen);
  Tensor forward(const Tensor& ids) override;
  // Returns the parameters: embedding, each block's, the final norm, the output head.
  std::vector<Tensor> parameters() override;
  void train(bool on = true) override;
  const LlamaConfig& config() const { return config_; }
  // How forward runs the blocks; unset, blocks.forward(x). The capstone's trainer sets it to
  // activation checkpointing (train::checkpoint_sequential), which lives in the module above.
  std::function<Tensor(Sequential& blocks, const Tensor& x)> run_blocks;

  Embedding embedding;
  Sequential blocks;
  RMSNorm norm;
  Linear output;

 private:
  LlamaConfig config_;
};

}  // namespace tinyllm::nn
