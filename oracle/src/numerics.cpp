// Round to bf16 / fp16 with integer and exact floating-point steps only, so the result does not
// depend on the compiler or on hardware conversion instructions.
//
// Normal range: round the significand to p bits by adding half an ulp minus one, plus the lowest
// kept bit (ties to even), to the bit pattern and clearing the dropped bits; a carry moves into
// the exponent as it should. Subnormal range (fixed spacing q): fl(|x| + M) - M with M = q * 2^m
// (m the mantissa width of the input type), since in [M, 2M) the input type's spacing is exactly q,
// so the addition itself rounds |x| to a multiple of q, ties to even.
#include "tinyllm/numerics.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace tinyllm::numerics {
namespace {

template <class Float>
struct Bits;
template <>
struct Bits<float> {
  using U = std::uint32_t;
  static constexpr int mantissa = 23;
};
template <>
struct Bits<double> {
  using U = std::uint64_t;
  static constexpr int mantissa = 52;
};

// Rounds x to `p` significant bits with smallest normal 2^min_exp and subnormal spacing
// 2^(min_exp - p + 1); results of magnitude >= overflow become infinite.
template <class Float, int p, int min_exp>
Float round_to(Float x, Float overflow) {
  using U = typename Bits<Float>::U;
  constexpr int dropped = Bits<Float>::mantissa - (p - 1);
  if (std::isnan(x)) return std::numeric_limits<Float>::quiet_NaN();
  const Float magnitude = std::fabs(x);
  Float rounded;
  if (magnitude < std::ldexp(Float(1), min_exp)) {
    const Float magic = std::ldexp(Float(1), min_exp - p + 1 + Bits<Float>::mantissa);
    const Float sum = magnitude + magic;  // this addition is the rounding step
    rounded = sum - magic;
  } else {
    U bits = std::bit_cast<U>(magnitude);
    const U lowest_kept = (bits >> dropped) & 1u;
    bits += (U(1) << (dropped - 1)) - 1 + lowest_kept;
    bits &= ~((U(1) << dropped) - 1);
    rounded = std::bit_cast<Float>(bits);
    if (rounded >= overflow) rounded = std::numeric_limits<Float>::infinity();
  }
  return std::copysign(rounded, x);
}

template <class Float, class Round>
void round_span(std::span<const Float> in, std::span<Float> out, Round round, const char* name) {
  if (in.size() != out.size())
    throw std::invalid_argument(std::string(name) + ": input has " + std::to_string(in.size()) +
                                " elements but output has " + std::to_string(out.size()));
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = round(in[i]);
}

}  // namespace

// bf16: p = 8, smallest normal 2^-126. In float the carry out of the largest bf16 value lands on
// the infinity pattern by itself; in double 2^128 is finite, so it is checked.
float round_to_bf16(float x) {
  return round_to<float, 8, -126>(x, std::numeric_limits<float>::infinity());
}
double round_to_bf16(double x) { return round_to<double, 8, -126>(x, 0x1p128); }
// fp16: p = 11, smallest normal 2^-14; anything that rounds to 2^16 or beyond is infinite.
float round_to_fp16(float x) { return round_to<float, 11, -14>(x, 0x1p16f); }
double round_to_fp16(double x) { return round_to<double, 11, -14>(x, 0x1p16); }

void round_to_bf16(std::span<const float> in, std::span<float> out) {
  round_span<float>(in, out, [](float x) { return round_to_bf16(x); }, "round_to_bf16");
}
void round_to_bf16(std::span<const double> in, std::span<double> out) {
  round_span<double>(in, out, [](double x) { return round_to_bf16(x); }, "round_to_bf16");
}
void round_to_fp16(std::span<const float> in, std::span<float> out) {
  round_span<float>(in, out, [](float x) { return round_to_fp16(x); }, "round_to_fp16");
}
void round_to_fp16(std::span<const double> in, std::span<double> out) {
  round_span<double>(in, out, [](double x) { return round_to_fp16(x); }, "round_to_fp16");
}

}  // namespace tinyllm::numerics
