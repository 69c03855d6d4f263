// RapidCheck generators for the course tests, for learners to reuse in their own suites.
// Randomness comes from rc::gen (so it shrinks and replays with the printed seed) and
// tinyllm::Generator.
#pragma once
#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <tinyllm/tinyllm.hpp>
#include <utility>
#include <vector>

#include "values.hpp"

namespace course_gen {

// The oracle's own, kept under this name for suites that used it.
using tinyllm::numel_of;

// Returns every parameter's gradient values (empty for a parameter without a grad): what the
// checkpointing tests compare, bit for bit, with a plain run's.
inline std::vector<std::vector<double>> grads_of(tinyllm::nn::Module& model) {
  std::vector<std::vector<double>> grads;
  for (const tinyllm::Tensor& p : model.parameters())
    grads.push_back(p.has_grad() ? p.grad().values() : std::vector<double>{});
  return grads;
}

// Returns a generator of shapes of `rank` dimensions, each in [1, max_dim].
inline rc::Gen<tinyllm::Shape> shape(std::size_t rank, std::size_t max_dim) {
  return rc::gen::container<tinyllm::Shape>(rank, rc::gen::inRange<std::size_t>(1, max_dim + 1));
}

// Returns a generator of shapes of rank min_rank..max_rank, each dimension in [1, max_dim].
inline rc::Gen<tinyllm::Shape> shapes(std::size_t min_rank = 0, std::size_t max_rank = 3,
                                      std::size_t max_dim = 4) {
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(min_rank, max_rank + 1),
                         [max_dim](std::size_t rank) { return shape(rank, max_dim); });
}

// Returns a generator of two shapes that broadcast together by numpy's rules: each is a common
// shape with some leading dimensions dropped and some dimensions set to 1, so (3, 1) with (1, 4),
// (2, 3) with (3,), and 0-d with anything all occur.
inline rc::Gen<std::pair<tinyllm::Shape, tinyllm::Shape>> broadcast_shapes() {
  return rc::gen::mapcat(shapes(0, 3, 4), [](tinyllm::Shape common) {
    const std::size_t rank = common.size();
    auto operand = rc::gen::map(
        rc::gen::pair(rc::gen::inRange<std::size_t>(0, rank + 1),
                      rc::gen::container<std::vector<bool>>(rank, rc::gen::arbitrary<bool>())),
        [common, rank](const std::pair<std::size_t, std::vector<bool>>& choice) {
          tinyllm::Shape shape;
          for (std::size_t d = choice.first; d < rank; ++d)
            shape.push_back(choice.second[d] ? 1 : common[d]);
          return shape;
        });
    return rc::gen::pair(operand, operand);
  });
}

// Returns a generator of tensors of `shape` and `dtype` whose elements come from `values`.
inline rc::Gen<tinyllm::Tensor> tensor(tinyllm::Shape shape, tinyllm::DType dtype,
                                       rc::Gen<double> values = finite_value()) {
  return rc::gen::map(rc::gen::container<std::vector<double>>(numel_of(shape), std::move(values)),
                      [shape, dtype](std::vector<double> v) {
                        return tinyllm::Tensor::from(std::move(v), shape, dtype);
                      });
}

// Returns a generator of float64 tensors of `shape` with values k / 256 in [lo, hi] (grid_value).
inline rc::Gen<tinyllm::Tensor> grid_tensor(tinyllm::Shape shape, double lo, double hi) {
  return tensor(std::move(shape), tinyllm::DType::f64, grid_value(lo, hi));
}

// Returns a generator of float64 tensors of `shape` with values of magnitude k / 256 in
// [low, high] and either sign (grid_value_away_from_zero).
inline rc::Gen<tinyllm::Tensor> grid_tensor_away_from_zero(tinyllm::Shape shape, double low,
                                                           double high) {
  return tensor(std::move(shape), tinyllm::DType::f64, grid_value_away_from_zero(low, high));
}

// Returns a generator of DType::f32 or DType::f64.
inline rc::Gen<tinyllm::DType> dtype() {
  return rc::gen::element(tinyllm::DType::f32, tinyllm::DType::f64);
}

enum class Activation { none, tanh, relu };

// What an MLP is made of. Building the same spec twice gives two identical, independent models
// (the same weights, and dropout generators in the same state): a plain run and a checkpointed run.
struct MlpSpec {
  std::vector<std::size_t> widths;      // widths[0] inputs, then each Linear's outputs
  std::vector<Activation> activations;  // after each Linear but the last (none: no layer)
  double dropout = 0.0;                 // p of a Dropout after each activation; 0: no Dropout
  std::uint64_t seed = 0;               // initialises the weights; seed + 1 seeds the dropout
  tinyllm::DType dtype = tinyllm::DType::f32;
};

inline std::ostream& operator<<(std::ostream& os, const MlpSpec& s) {
  constexpr const char* activation_names[] = {"none", "tanh", "relu"};
  os << "MlpSpec{widths=[";
  for (std::size_t i = 0; i < s.widths.size(); ++i) os << (i ? ", " : "") << s.widths[i];
  os << "], activations=[";
  for (std::size_t i = 0; i < s.activations.size(); ++i)
    os << (i ? ", " : "") << activation_names[static_cast<int>(s.activations[i])];
  return os << "], dropout=" << s.dropout << ", seed=" << s.seed
            << ", dtype=" << tinyllm::dtype_name(s.dtype) << "}";
}

// A built MLP and the generator its Dropout layers draw from (owned here, so it outlives them).
struct Mlp {
  std::unique_ptr<tinyllm::Generator> dropout_rng;
  std::shared_ptr<tinyllm::nn::Sequential> model;
  // Returns the generators to pass to checkpoint_sequential: the dropout one, if any layer uses it.
  std::vector<tinyllm::Generator*> rngs() const {
    return has_dropout ? std::vector<tinyllm::Generator*>{dropout_rng.get()}
                       : std::vector<tinyllm::Generator*>{};
  }
  bool has_dropout = false;
};

// Returns the Sequential a spec describes: Linear, then its activation and Dropout, per layer.
inline Mlp build_mlp(const MlpSpec& spec) {
  Mlp mlp;
  mlp.dropout_rng = std::make_unique<tinyllm::Generator>(spec.seed + 1);
  tinyllm::Generator init(spec.seed);
  std::vector<std::shared_ptr<tinyllm::nn::Module>> layers;
  for (std::size_t i = 0; i + 1 < spec.widths.size(); ++i) {
    layers.push_back(std::make_shared<tinyllm::nn::Linear>(spec.widths[i], spec.widths[i + 1], init,
                                                           true, spec.dtype));
    const bool last = i + 2 == spec.widths.size();
    if (last) break;
    const Activation a = i < spec.activations.size() ? spec.activations[i] : Activation::none;
    if (a == Activation::tanh) layers.push_back(std::make_shared<tinyllm::nn::Tanh>());
    if (a == Activation::relu) layers.push_back(std::make_shared<tinyllm::nn::ReLU>());
    if (spec.dropout > 0) {
      layers.push_back(std::make_shared<tinyllm::nn::Dropout>(spec.dropout, *mlp.dropout_rng));
      mlp.has_dropout = true;
    }
  }
  mlp.model = std::make_shared<tinyllm::nn::Sequential>(std::move(layers));
  return mlp;
}

// Returns a generator of MLP specs with `n_linear` Linear layers (in [min_linear, max_linear]),
// widths in [1, max_width], Tanh or ReLU between them, and dropout p in {0.25, 0.5} when
// `with_dropout` (else none).
inline rc::Gen<MlpSpec> mlp_spec(std::size_t min_linear, std::size_t max_linear,
                                 std::size_t max_width, tinyllm::DType dtype, bool with_dropout) {
  return rc::gen::mapcat(
      rc::gen::inRange<std::size_t>(min_linear, max_linear + 1), [=](std::size_t n_linear) {
        return rc::gen::apply(
            [dtype](std::vector<std::size_t> widths, std::vector<Activation> activations,
                    double dropout, std::uint64_t seed) {
              return MlpSpec{std::move(widths), std::move(activations), dropout, seed, dtype};
            },
            rc::gen::container<std::vector<std::size_t>>(
                n_linear + 1, rc::gen::inRange<std::size_t>(1, max_width + 1)),
            rc::gen::container<std::vector<Activation>>(
                n_linear - 1, rc::gen::element(Activation::tanh, Activation::relu)),
            with_dropout ? rc::gen::element(0.25, 0.5) : rc::gen::just(0.0),
            rc::gen::arbitrary<std::uint64_t>());
      });
}

}  // namespace course_gen
