// Round to bf16 / fp16 with integer steps on the bit pattern only, so the result depends neither
// on the compiler, nor on the rounding mode or flush-to-zero flags, nor on conversion instructions.
//
// For a non-negative float or double, the bit pattern is monotonic in the value, and inside one
// binade a step of one unit in the pattern is one unit in the last place. Rounding to p bits is
// therefore: add half a step minus one, plus the lowest kept bit (ties to even), then clear the
// dropped bits; a carry out of the significand moves into the exponent, which is the next binade's
// first value (or infinity), as it should. Below the format's smallest normal its spacing stays
// fixed, so each binade further down drops one more bit; that step is built from fixed shifts and
// selects so the span loops vectorise (no per-lane variable shift is needed).
#include "tinyllm/numerics.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tinyllm::numerics {
namespace {

// The bit layout of an input type (IEEE 754 binary32 / binary64).
template <class Float>
struct Layout;
template <>
struct Layout<float> {
  using Bits = std::uint32_t;
  static constexpr int mantissa = 23;
  static constexpr int bias = 127;
};
template <>
struct Layout<double> {
  using Bits = std::uint64_t;
  static constexpr int mantissa = 52;
  static constexpr int bias = 1023;
};

// A 16-bit target format: significant bits, the exponent of its smallest normal, and the first
// power of two it cannot hold (everything that rounds to it or beyond is infinite).
struct Format {
  int precision;
  int min_exponent;
  int overflow_exponent;
};
constexpr Format bf16{8, -126, 128};
constexpr Format fp16{11, -14, 16};

// Returns the bit pattern of the non-negative Float 2^exponent (normal or subnormal).
template <class Float>
constexpr typename Layout<Float>::Bits power_of_two_bits(int exponent) {
  using L = Layout<Float>;
  using Bits = typename L::Bits;
  const int min_normal = 1 - L::bias;
  if (exponent >= min_normal) return Bits(exponent + L::bias) << L::mantissa;
  return Bits(1) << (exponent - (min_normal - L::mantissa));
}

// Returns the bit pattern of `bits` rounded to `format`, to nearest, ties to even.
template <class Float, Format format>
typename Layout<Float>::Bits round_bits(typename Layout<Float>::Bits bits) {
  using L = Layout<Float>;
  using Bits = typename L::Bits;
  constexpr Bits sign_mask = Bits(1) << (8 * sizeof(Bits) - 1);
  constexpr Bits infinity = power_of_two_bits<Float>(L::bias + 1);
  constexpr Bits quiet_nan = infinity | (Bits(1) << (L::mantissa - 1));
  constexpr Bits overflow = power_of_two_bits<Float>(format.overflow_exponent);
  // The format's smallest subnormal q, and q/2: below q the result is 0 or q.
  constexpr int spacing_exponent = format.min_exponent - (format.precision - 1);
  constexpr Bits spacing = power_of_two_bits<Float>(spacing_exponent);
  constexpr Bits half_spacing = power_of_two_bits<Float>(spacing_exponent - 1);
  constexpr Bits min_normal_exponent = Bits(format.min_exponent + L::bias);
  constexpr Bits max_binades_below = Bits(format.precision - 1);

  const Bits sign = bits & sign_mask;
  const Bits magnitude = bits ^ sign;
  // The input's own subnormals share the exponent of its smallest normal.
  const Bits exponent = std::max(Bits(magnitude >> L::mantissa), Bits(1));
  // Binades below the format's smallest normal, each one more dropped bit. Beyond precision - 1
  // of them the value is below q, which the select after the rounding handles.
  const Bits binades_below = std::min(
      exponent < min_normal_exponent ? min_normal_exponent - exponent : Bits(0), max_binades_below);
  // step = 2^(dropped bits) = the format's spacing in units of the input's last place.
  Bits step = Bits(1) << (L::mantissa - (format.precision - 1));
  for (int shift = 1; shift <= format.precision - 1; shift *= 2)
    step = (binades_below & Bits(shift)) != 0 ? step << shift : step;

  const Bits lowest_kept = (magnitude & step) != 0 ? 1 : 0;
  Bits rounded = (magnitude + (step / 2 - 1) + lowest_kept) & ~(step - 1);
  // Below q: exactly q/2 is a tie that goes to the even neighbour, 0.
  rounded = magnitude < spacing ? (magnitude > half_spacing ? spacing : Bits(0)) : rounded;
  rounded = rounded >= overflow ? infinity : rounded;
  rounded = magnitude > infinity ? quiet_nan : rounded;
  return sign | rounded;
}

template <class Float, Format format>
Float round_one(Float x) {
  using Bits = typename Layout<Float>::Bits;
  return std::bit_cast<Float>(round_bits<Float, format>(std::bit_cast<Bits>(x)));
}

// One loop for the out-of-place and one for the in-place call: with a single pointer the compiler
// vectorises without a run-time overlap check (which equal pointers would fail).
template <class Float, Format format>
void round_span(std::span<const Float> in, std::span<Float> out, const char* name) {
  if (in.size() != out.size())
    throw std::invalid_argument(std::string(name) + ": input has " + std::to_string(in.size()) +
                                " elements but output has " + std::to_string(out.size()) +
                                "; pass spans of equal length (or the same span twice)");
  const std::size_t n = in.size();
  if (static_cast<const void*>(in.data()) == static_cast<const void*>(out.data())) {
    Float* values = out.data();
    for (std::size_t i = 0; i < n; ++i) values[i] = round_one<Float, format>(values[i]);
  } else {
    const Float* source = in.data();
    Float* target = out.data();
    for (std::size_t i = 0; i < n; ++i) target[i] = round_one<Float, format>(source[i]);
  }
}

}  // namespace

float round_to_bf16(float x) {
  return round_one<float, bf16>(x);
}
double round_to_bf16(double x) {
  return round_one<double, bf16>(x);
}
float round_to_fp16(float x) {
  return round_one<float, fp16>(x);
}
double round_to_fp16(double x) {
  return round_one<double, fp16>(x);
}

void round_to_bf16(std::span<const float> in, std::span<float> out) {
  round_span<float, bf16>(in, out, "round_to_bf16");
}
void round_to_bf16(std::span<const double> in, std::span<double> out) {
  round_span<double, bf16>(in, out, "round_to_bf16");
}
void round_to_fp16(std::span<const float> in, std::span<float> out) {
  round_span<float, fp16>(in, out, "round_to_fp16");
}
void round_to_fp16(std::span<const double> in, std::span<double> out) {
  round_span<double, fp16>(in, out, "round_to_fp16");
}

}  // namespace tinyllm::numerics
