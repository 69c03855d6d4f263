// Causal multi-head self-attention. The heads are column blocks of one projection each for q, k
// and v; each sequence attends only within its own `context` rows.
#include <cmath>
#include <stdexcept>
#include <string>

#include "tinyllm/llama.hpp"

namespace tinyllm::nn {

CausalSelfAttention::CausalSelfAttention(std::size_t dim, std::size_t heads, std::size_t context,
                                         Generator& gen, double rope_base)
    : query(dim, dim, gen, false),
      key(dim, dim, gen, false),
      value(dim, dim, gen, false),
      out(dim, dim, gen, false),
      heads_(heads),
      context_(context),
      rope_base_(rope_base) {
  if (heads == 0 || dim % heads != 0 || (dim / heads) % 2 != 0)
    throw std::invalid_argument("CausalSelfAttention: heads (" + std::to_string(heads) +
                                ") must divide dim (" + std::to_string(dim) +
                                ") into an even head width (rotary turns pairs of columns)");
  if (context == 0) throw std::invalid_argument("CausalSelfAttention: context must be positive");
}

Tensor CausalSelfAttention::forward(const Tensor& x) {
  if (x.ndim() != 2 || x.shape()[0] % context_ != 0)
    throw std::invalid_argument("CausalSelfAttention: input " + shape_string(x.shape()) +
                                " is not whole sequences of " + std::to_string(context_) + " rows");
  const std::size_t sequences = x.shape()[0] / context_;
  const std::size_t width = query.weight.shape()[0] / heads_;
  const double scale = 1.0 / std::sqrt(static_cast<double>(width));
  const Tensor q = query(x), k = key(x), v = value(x);
  std::vector<Tensor> head_outputs;
  for (std::size_t h = 0; h < heads_; ++h) {
    const Tensor qh = rotary(slice_cols(q, h * width, (h + 1) * width), context_, rope_base_);
    const Tensor kh = rotary(slice_cols(k, h * width, (h + 1) * width), context_, rope_base_);
    const Tensor vh = slice_cols(v, h * width, (h + 1) * width);
    std::vector<Tensor> per_sequence;
    for (std::size_t s = 0; s < sequences; ++s) {
      const std::size_t begin = s * context_, end = begin + context_;
      const Tensor scores =
          matmul(slice_rows(qh, begin, end), transpose(slice_rows(kh, begin, end)));
      const Tensor weights = softmax_rows(causal_mask(scores * scale));
      per_sequence.push_back(matmul(weights, slice_rows(vh, begin, end)));
    }
    head_outputs.push_back(concat_rows(per_sequence));
  }
  return out(concat_cols(head_outputs));
}

std::vector<Tensor> CausalSelfAttention::parameters() {
  return {query.weight, key.weight, value.weight, out.weight};
}

}  // namespace tinyllm::nn
