// Cross-entropy over the vocabulary: the language model's loss.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "tensor/impl.hpp"
#include "tinyllm/llama.hpp"

namespace tinyllm::nn {
using detail::dispatch;
using detail::make_tensor;

Tensor cross_entropy(const Tensor& logits, const Tensor& targets) {
  if (!logits.defined() || logits.ndim() != 2 || logits.shape()[0] == 0 || logits.shape()[1] == 0)
    throw std::invalid_argument(
        "cross_entropy: logits must be (rows, classes) with both > 0, got " +
        (logits.defined() ? shape_string(logits.shape()) : "an empty handle"));
  const std::size_t rows = logits.shape()[0], classes = logits.shape()[1];
  if (!targets.defined() || targets.numel() != rows)
    throw std::invalid_argument("cross_entropy: needs one target per row of logits " +
                                shape_string(logits.shape()) + ", got " +
                                (targets.defined() ? shape_string(targets.shape()) : "none"));
  std::vector<std::size_t> target;
  for (const double v : targets.values()) {
    if (!(v >= 0 && v < static_cast<double>(classes)) || v != std::floor(v))
      throw std::invalid_argument("cross_entropy: target " + std::to_string(v) +
                                  " is not a class in [0, " + std::to_string(classes) + ")");
    target.push_back(static_cast<std::size_t>(v));
  }
  Tensor loss = make_tensor({}, logits.dtype());
  Tensor probabilities = make_tensor(logits.shape(), logits.dtype());  // softmax, for backward
  dispatch(logits.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = logits.impl()->storage->as<T>();
    T* p = probabilities.impl()->storage->as<T>();
    T total = 0;
    for (std::size_t r = 0; r < rows; ++r) {
      const T* row = in + r * classes;
      T largest = -std::numeric_limits<T>::infinity();
      for (std::size_t c = 0; c < classes; ++c) largest = std::max(largest, row[c]);
      T exps = 0;
      for (std::size_t c = 0; c < classes; ++c)
        exps += p[r * classes + c] = std::exp(T(row[c] - largest));
      for (std::size_t c = 0; c < classes; ++c) p[r * classes + c] = T(p[r * classes + c] / exps);
      // log(sum exp(row)) - row[target] = log(exps) - (row[target] - largest)
      total += T(std::log(exps) - T(row[target[r]] - largest));
    }
    loss.impl()->storage->as<T>()[0] = T(total / T(rows));
  });
  return from_op(
      loss, {logits},
      [probabilities, target, rows,
       classes](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // d loss / d logits = (softmax - one_hot(target)) / rows
        Tensor g = probabilities.detach();
        dispatch(g.dtype(), [&](auto zero) {
          using T = decltype(zero);
          T* out = g.impl()->storage->as<T>();
          const T scale = T(up.values()[0] / static_cast<double>(rows));
          for (std::size_t r = 0; r < rows; ++r) {
            out[r * classes + target[r]] -= T(1);
            for (std::size_t c = 0; c < classes; ++c)
              out[r * classes + c] = T(out[r * classes + c] * scale);
          }
        });
        return {g};
      },
      "cross_entropy");
}

}  // namespace tinyllm::nn
