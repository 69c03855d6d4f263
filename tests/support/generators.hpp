// RapidCheck generators for the oracle's tests: shapes, broadcastable shape pairs, and tensors
// whose values sit on the grid k / 256 (exact in float32, so f32 and f64 runs see the same inputs).
#pragma once
#include <rapidcheck.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "tinyllm/tensor.hpp"

namespace tinyllm::testing {

// Returns shapes of rank min_rank..max_rank, each dimension in [1, max_dim].
inline rc::Gen<Shape> gen_shape(std::size_t min_rank = 0, std::size_t max_rank = 3,
                                std::size_t max_dim = 4) {
  return rc::gen::mapcat(
      rc::gen::inRange<std::size_t>(min_rank, max_rank + 1), [max_dim](std::size_t rank) {
        return rc::gen::container<Shape>(rank, rc::gen::inRange<std::size_t>(1, max_dim + 1));
      });
}

// Returns two shapes that broadcast together by numpy's rules: each is a common shape with some
// leading dimensions dropped and some dimensions set to 1, so (3, 1) with (1, 4), (2, 3) with
// (3,), and 0-d with anything all occur.
inline rc::Gen<std::pair<Shape, Shape>> gen_broadcast_shapes() {
  return rc::gen::mapcat(gen_shape(0, 3, 4), [](Shape common) {
    const std::size_t rank = common.size();
    auto operand = rc::gen::map(
        rc::gen::pair(rc::gen::inRange<std::size_t>(0, rank + 1),
                      rc::gen::container<std::vector<bool>>(rank, rc::gen::arbitrary<bool>())),
        [common, rank](const std::pair<std::size_t, std::vector<bool>>& choice) {
          Shape shape;
          for (std::size_t d = choice.first; d < rank; ++d)
            shape.push_back(choice.second[d] ? 1 : common[d]);
          return shape;
        });
    return rc::gen::pair(operand, operand);
  });
}

// Returns a float64 tensor of `shape` with values k / 256 in [lo, hi].
inline rc::Gen<Tensor> gen_tensor(Shape shape, double lo, double hi) {
  const int first = static_cast<int>(lo * 256), last = static_cast<int>(hi * 256);
  return rc::gen::map(
      rc::gen::container<std::vector<int>>(numel_of(shape), rc::gen::inRange(first, last + 1)),
      [shape](const std::vector<int>& grid) {
        std::vector<double> values;
        for (int k : grid) values.push_back(k / 256.0);
        return Tensor::from(values, shape, DType::f64);
      });
}

// Returns a float64 tensor of `shape` whose values have magnitude k / 256 in [low, high] and either
// sign: for division's denominator and relu's kink, which finite differences must not straddle.
inline rc::Gen<Tensor> gen_tensor_away_from_zero(Shape shape, double low, double high) {
  const int first = static_cast<int>(low * 256), last = static_cast<int>(high * 256);
  return rc::gen::map(rc::gen::container<std::vector<std::pair<int, bool>>>(
                          numel_of(shape), rc::gen::pair(rc::gen::inRange(first, last + 1),
                                                         rc::gen::arbitrary<bool>())),
                      [shape](const std::vector<std::pair<int, bool>>& grid) {
                        std::vector<double> values;
                        for (auto [k, negative] : grid)
                          values.push_back((negative ? -k : k) / 256.0);
                        return Tensor::from(values, shape, DType::f64);
                      });
}

}  // namespace tinyllm::testing
