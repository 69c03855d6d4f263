// RapidCheck generators of plain values (the differential driver, which links no tinyllm code,
// draws from them too). Every value is made from integers with exact arithmetic, never from
// std::*_distribution, whose output differs between standard libraries.
#pragma once
#include <rapidcheck.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace course_gen {

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

// Returns a generator of the values where roundings go wrong: ties of bf16 and fp16, subnormals of
// both and of float, values that overflow fp16 or float, infinities, NaN, -0.
inline rc::Gen<double> special_value() {
  const double inf = std::numeric_limits<double>::infinity();
  return rc::gen::element<double>(
      1.00390625, 1.01171875, -1.00390625,  // bf16 ties: to even down, to even up
      1.00048828125, 1.00146484375,         // fp16 ties
      65504.0, 65520.0, 1e5,                // fp16's largest, its overflow tie, beyond
      3.3895313892515355e38, 3.4e38,        // bf16's largest, beyond
      std::ldexp(1.0, -24), std::ldexp(1.0, -25), std::ldexp(3.0, -26),  // fp16 subnormal, ties
      std::ldexp(1.0, -133), std::ldexp(1.0, -149),                      // float/bf16 subnormals
      std::ldexp(1.0, -1070), 1e300,  // double only: a subnormal, a huge value
      inf, -inf, std::numeric_limits<double>::quiet_NaN(), -0.0, 0.0);
}

// Returns a generator of values k / 256 with k in [lo * 256, hi * 256]: exact in float32, so
// float32 and float64 runs see the same inputs.
inline rc::Gen<double> grid_value(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(static_cast<int>(lo * 256), static_cast<int>(hi * 256) + 1),
                      [](int k) { return k / 256.0; });
}

// Returns a generator of values of magnitude k / 256 in [low, high] and either sign: for a
// division's denominator and relu's kink, which finite differences must not straddle.
inline rc::Gen<double> grid_value_away_from_zero(double low, double high) {
  return rc::gen::apply(
      [](double magnitude, bool negative) { return negative ? -magnitude : magnitude; },
      grid_value(low, high), rc::gen::arbitrary<bool>());
}

}  // namespace course_gen
