// round_to_bf16 / round_to_fp16 on double inputs against MPFR, which rounds once from the exact
// value: precision 8 (bf16) or 11 (fp16), the format's exponent range, subnormals emulated with
// mpfr_subnormalize, round to nearest even. Edge cases at every exponent, then a seeded random
// sample over the whole double range.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tinyllm/numerics.hpp"

namespace {

// A 16-bit format as MPFR sees it: values m * 2^e with 1/2 <= m < 1 and emin <= e <= emax, so
// emin is one more than the exponent of the smallest subnormal and emax the first power of two
// that overflows.
struct Format {
  const char* name;
  int precision;
  int min_exponent;  // of the smallest normal, 2^min_exponent
  int overflow_exponent;
  double (*oracle)(double);
  mpfr_exp_t emin() const { return min_exponent - (precision - 1) + 1; }
  mpfr_exp_t emax() const { return overflow_exponent; }
};

double oracle_bf16(double x) {
  return tinyllm::numerics::round_to_bf16(x);
}
double oracle_fp16(double x) {
  return tinyllm::numerics::round_to_fp16(x);
}
const Format bf16{"bf16", 8, -126, 128, oracle_bf16};
const Format fp16{"fp16", 11, -14, 16, oracle_fp16};

// Returns x rounded to `format` by MPFR. The exponent range is global MPFR state: it is set for
// the call and put back.
double reference_round(double x, const Format& format) {
  const mpfr_exp_t saved_emin = mpfr_get_emin(), saved_emax = mpfr_get_emax();
  mpfr_set_emin(format.emin());
  mpfr_set_emax(format.emax());
  mpfr_t value;
  mpfr_init2(value, format.precision);
  int inexact = mpfr_set_d(value, x, MPFR_RNDN);
  inexact = mpfr_subnormalize(value, inexact, MPFR_RNDN);
  const double rounded = mpfr_get_d(value, MPFR_RNDN);  // exact: every format value is a double
  mpfr_clear(value);
  mpfr_set_emin(saved_emin);
  mpfr_set_emax(saved_emax);
  return rounded;
}

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Compares the oracle with MPFR on every input; lists the first mismatches.
void expect_agreement(const Format& format, const std::vector<double>& inputs, const char* what) {
  std::size_t mismatches = 0;
  std::ostringstream first;
  first << std::hexfloat;
  for (double x : inputs) {
    const double got = format.oracle(x);
    const double expected = reference_round(x, format);
    if (same(got, expected)) continue;
    if (++mismatches <= 10) first << "  " << x << ": got " << got << ", MPFR " << expected << "\n";
  }
  std::printf("%s %s: %zu inputs, %zu mismatches\n", format.name, what, inputs.size(), mismatches);
  EXPECT_EQ(mismatches, 0u) << format.name << " " << what << ", first mismatches:\n" << first.str();
}

// Returns, for every binade from below the smallest subnormal to above the overflow, grid values
// with both parities of the last kept bit, the ties after them, the doubles next to each tie, and
// ties moved by less than float's last place (a float detour would land on the tie itself).
std::vector<double> ties_at_every_exponent(const Format& format) {
  std::vector<double> points;
  const int smallest = format.min_exponent - (format.precision - 1);
  for (int exponent = smallest - 3; exponent <= format.overflow_exponent + 1; ++exponent) {
    const double binade = std::ldexp(1.0, exponent);
    const double spacing =
        std::ldexp(1.0, std::max(exponent, format.min_exponent) - (format.precision - 1));
    const double steps_in_binade = binade / spacing;
    for (double k : {0.0, 1.0, 2.0, 3.0, steps_in_binade - 2, steps_in_binade - 1}) {
      if (k < 0 || k >= std::max(steps_in_binade, 1.0)) continue;
      const double value = binade + k * spacing;
      const double tie = value + spacing / 2;
      for (double x : {value, tie, std::nextafter(tie, 0.0), std::nextafter(tie, INFINITY),
                       tie + spacing * 0x1p-35, tie - spacing * 0x1p-35, value + spacing / 4,
                       value + 3 * spacing / 4}) {
        points.push_back(x);
        points.push_back(-x);
      }
    }
  }
  return points;
}

// Returns the overflow thresholds, the smallest subnormals, zeros, infinities and NaN, with the
// doubles next to each.
std::vector<double> boundaries(const Format& format) {
  const double largest =
      std::ldexp(2.0 - std::ldexp(1.0, 1 - format.precision), format.overflow_exponent - 1);
  const double halfway =
      std::ldexp(2.0 - std::ldexp(1.0, -format.precision), format.overflow_exponent - 1);
  const double q = std::ldexp(1.0, format.min_exponent - (format.precision - 1));
  std::vector<double> centres = {largest,
                                 halfway,
                                 std::ldexp(1.0, format.overflow_exponent),
                                 65504.0,
                                 65519.0,
                                 65520.0,
                                 65536.0,
                                 0x1.fep127,
                                 0x1.ffp127,
                                 0x1p128,
                                 std::numeric_limits<float>::max(),
                                 q,
                                 q / 2,
                                 3 * q / 2,
                                 2 * q,
                                 std::ldexp(1.0, format.min_exponent),
                                 std::numeric_limits<float>::denorm_min(),
                                 std::numeric_limits<double>::min(),
                                 std::numeric_limits<double>::max()};
  std::vector<double> points = {0.0,
                                -0.0,
                                INFINITY,
                                -INFINITY,
                                std::numeric_limits<double>::quiet_NaN(),
                                -std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::signaling_NaN(),
                                std::numeric_limits<double>::denorm_min(),
                                -std::numeric_limits<double>::denorm_min()};
  for (double centre : centres)
    for (double x : {centre, std::nextafter(centre, 0.0), std::nextafter(centre, INFINITY)}) {
      points.push_back(x);
      points.push_back(-x);
    }
  return points;
}

constexpr std::uint64_t seed = 0x5eed'b16f'16ull;

// Returns a seeded sample: raw 64-bit patterns (the whole double range, NaNs included), doubles
// with exponents around the format's range and random 52-bit significands, and ties of random
// format values, exact or moved up or down by a random amount below float's last place.
std::vector<double> random_sample(const Format& format, std::mt19937_64& generator) {
  std::vector<double> points;
  const int smallest = format.min_exponent - (format.precision - 1);
  std::uniform_int_distribution<int> exponent(smallest - 4, format.overflow_exponent + 2);
  std::uniform_int_distribution<int> tiny(30, 52);
  for (int i = 0; i < 200000; ++i) points.push_back(std::bit_cast<double>(generator()));
  for (int i = 0; i < 400000; ++i) {
    const double significand = 1.0 + std::ldexp(double(generator() >> 12), -52);
    const double x = std::ldexp(significand, exponent(generator));
    points.push_back(generator() & 1 ? -x : x);
  }
  for (int i = 0; i < 400000; ++i) {
    const int e = exponent(generator);
    const double spacing =
        std::ldexp(1.0, std::max(e, format.min_exponent) - (format.precision - 1));
    const double steps = std::max(std::ldexp(1.0, e) / spacing, 1.0);
    const double k = std::floor(std::ldexp(double(generator() >> 11), -53) * steps);
    const double tie = std::ldexp(1.0, e) + (k + 0.5) * spacing;
    // A quarter of them exact ties.
    const double nudge = generator() % 4 == 0 ? 0.0 : spacing * std::ldexp(1.0, -tiny(generator));
    const double x = generator() & 1 ? tie + nudge : tie - nudge;
    points.push_back(generator() & 1 ? -x : x);
  }
  return points;
}

// Checks the reference set-up itself on the module description's section 3 values: a wrong
// emin/emax would make every comparison below meaningless.
TEST(MpfrReference, ReproducesTheHandExamples) {
  EXPECT_EQ(reference_round(1.0 + 0x1p-8, bf16), 1.0);
  EXPECT_EQ(reference_round(1.01, bf16), 1.0078125);
  EXPECT_EQ(reference_round(65520.0, fp16), INFINITY);
  EXPECT_EQ(reference_round(65519.0, fp16), 65504.0);
  EXPECT_EQ(reference_round(0x1p-25, fp16), 0.0);
  EXPECT_EQ(reference_round(3 * 0x1p-26, fp16), 0x1p-24);
  EXPECT_EQ(reference_round(0x1p-134, bf16), 0.0);
  EXPECT_EQ(reference_round(0x1.ffp127, bf16), INFINITY);
  EXPECT_EQ(reference_round(std::nextafter(0x1.ffp127, 0.0), bf16), 0x1.fep127);
}

// Catches a wrong tie rule or lost carry in any binade, a subnormal step off by a bit, and the
// double-rounding trap (a double rounded to float before the 16-bit format).
TEST(MpfrDouble, TiesAtEveryExponentMatch) {
  for (const Format* format : {&bf16, &fp16})
    expect_agreement(*format, ties_at_every_exponent(*format), "ties at every exponent");
}

// Catches an overflow threshold off by one spacing, a flushed smallest subnormal, a lost sign on
// zero or infinity, and a NaN that turns into a number.
TEST(MpfrDouble, BoundariesMatch) {
  for (const Format* format : {&bf16, &fp16})
    expect_agreement(*format, boundaries(*format), "boundaries");
}

// Catches whatever the hand-picked cases miss, over the whole double range.
TEST(MpfrDouble, SeededRandomSampleMatches) {
  std::printf("seed %#llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 generator(seed);
  for (const Format* format : {&bf16, &fp16})
    expect_agreement(*format, random_sample(*format, generator), "random sample");
}

}  // namespace
