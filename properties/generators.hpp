// RapidCheck generators for the course tests, written for learners to reuse in their own suites:
// tensors of a given shape and dtype, 16-bit-representable and fp16-underflowing values, and small
// MLPs built from a seed. Randomness comes from rc::gen (so it shrinks and replays with the
// printed RapidCheck seed) and tinyllm::Generator; values are made from integers with exact
// arithmetic, never from std::*_distribution, whose output differs between standard libraries.
#pragma once
#include <rapidcheck.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <tinyllm/tinyllm.hpp>
#include <vector>

namespace course_gen {

// The product of a shape's dimensions: the oracle's own, kept under this name for suites that used
// it.
using tinyllm::numel_of;

// Returns a generator of shapes of `rank` dimensions, each in [1, max_dim].
inline rc::Gen<tinyllm::Shape> shape(std::size_t rank, std::size_t max_dim) {
  return rc::gen::container<tinyllm::Shape>(rank, rc::gen::inRange<std::size_t>(1, max_dim + 1));
}

// Returns a generator of finite values in [-magnitude, magnitude] on a grid of magnitude * 2^-24:
// every value is a float, most are not bf16 or fp16 values, and failures shrink towards 0.
inline rc::Gen<double> finite_value(double magnitude = 4.0) {
  constexpr std::int64_t steps = std::int64_t{1} << 24;
  return rc::gen::map(
      rc::gen::inRange<std::int64_t>(-steps, steps + 1),
      [magnitude](std::int64_t k) { return std::ldexp(static_cast<double>(k), -24) * magnitude; });
}

// Returns a generator of values with `bits` significant bits and exponents in [min_exp, max_exp]:
// sign * m * 2^(e - bits + 1) for m in [2^(bits-1), 2^bits). bits = 8 gives bf16 values, bits = 11
// with exponents in [-14, 15] normal fp16 values.
inline rc::Gen<double> value_with_bits(int bits, int min_exp, int max_exp) {
  const std::int64_t lowest = std::int64_t{1} << (bits - 1);
  return rc::gen::apply(
      [bits](bool negative, std::int64_t m, int e) {
        const double v = std::ldexp(static_cast<double>(m), e - bits + 1);
        return negative ? -v : v;
      },
      rc::gen::arbitrary<bool>(), rc::gen::inRange<std::int64_t>(lowest, 2 * lowest),
      rc::gen::inRange(min_exp, max_exp + 1));
}

// Returns a generator of bf16 values (8 significant bits) with exponents in [min_exp, max_exp].
inline rc::Gen<double> bf16_value(int min_exp = -6, int max_exp = 6) {
  return value_with_bits(8, min_exp, max_exp);
}

// Returns a generator of normal fp16 values (11 significant bits) with exponents in
// [min_exp, max_exp], within fp16's normal range [-14, 15].
inline rc::Gen<double> fp16_value(int min_exp = -6, int max_exp = 6) {
  return value_with_bits(11, min_exp, max_exp);
}

// Returns a generator of nonzero float32 values of magnitude below 2^-25: fp16 rounds every one of
// them to zero (2^-25 is half the smallest fp16 subnormal, and ties go to the even zero).
inline rc::Gen<double> fp16_underflow_value() {
  // m in [2^23, 2^24) times 2^(e - 23) with e in [-40, -26]: magnitude in [2^-40, 2^-25).
  return value_with_bits(24, -40, -26);
}

// Returns a generator of tensors of `shape` and `dtype` whose elements come from `values`.
inline rc::Gen<tinyllm::Tensor> tensor(tinyllm::Shape shape, tinyllm::DType dtype,
                                       rc::Gen<double> values = finite_value()) {
  return rc::gen::map(rc::gen::container<std::vector<double>>(numel_of(shape), std::move(values)),
                      [shape, dtype](std::vector<double> v) {
                        return tinyllm::Tensor::from(std::move(v), shape, dtype);
                      });
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
  os << "MlpSpec{widths=[";
  for (std::size_t i = 0; i < s.widths.size(); ++i) os << (i ? ", " : "") << s.widths[i];
  os << "], activations=[";
  for (std::size_t i = 0; i < s.activations.size(); ++i)
    os << (i ? ", " : "")
       << (s.activations[i] == Activation::tanh   ? "tanh"
           : s.activations[i] == Activation::relu ? "relu"
                                                  : "none");
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
