// Hand-worked values of round_to_bf16 / round_to_fp16, each with where it comes from, and the span
// overloads' contract (length check, in-place use, same bits as the scalar functions).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "tinyllm/numerics.hpp"

namespace {

using tinyllm::numerics::round_to_bf16;
using tinyllm::numerics::round_to_fp16;

constexpr float infinity = std::numeric_limits<float>::infinity();

// Expects the same bits (so -0 is not +0), for float and double results.
template <class Float>
void expect_bits(Float got, Float expected, const char* what) {
  using Bits = std::conditional_t<sizeof(Float) == 4, std::uint32_t, std::uint64_t>;
  EXPECT_EQ(std::bit_cast<Bits>(got), std::bit_cast<Bits>(expected))
      << what << ": got " << std::hexfloat << got << ", expected " << expected;
}

// Module description, section 3: 1 + 2^-8 lies halfway between the bf16 neighbours 1 and 1 + 2^-7,
// and the tie goes to the even significand, 1. Catches rounding ties away from zero (or
// truncating).
TEST(HandExamples, Bf16TieAtOnePlusHalfUlpGoesToEvenOne) {
  expect_bits(round_to_bf16(1.0f + 0x1p-8f), 1.0f, "float 1 + 2^-8");
  expect_bits(round_to_bf16(1.0 + 0x1p-8), 1.0, "double 1 + 2^-8");
  // The next tie up, 1 + 3 * 2^-8, sits between 1 + 2^-7 (odd) and 1 + 2^-6 (even): it goes up.
  // Catches "ties toward zero", which the first case alone would not.
  expect_bits(round_to_bf16(1.0f + 3 * 0x1p-8f), 1.0f + 0x1p-6f, "float 1 + 3 * 2^-8");
}

// Module description, section 3: the input 1.01 is stored as 1.0078125 = 1 + 2^-7, its nearest bf16
// value. Catches truncation, which gives 1.
TEST(HandExamples, Bf16StoresOnePointZeroOneAsOnePlusTwoToMinusSeven) {
  expect_bits(round_to_bf16(1.01f), 1.0078125f, "float 1.01");
  expect_bits(round_to_bf16(1.01), 1.0078125, "double 1.01");
}

// 0.1 is 0x3dcccccd in float: the dropped 16 bits 0xcccd are above half, so bf16 is 0x3dcd0000 =
// 0.10009765625 (PyTorch prints torch.tensor(0.1).bfloat16() as 0.1001). fp16 keeps 11 bits:
// 0x2e66 = 0.0999755859375. Catches a mantissa width off by one.
TEST(HandExamples, OneTenthInBothFormats) {
  expect_bits(round_to_bf16(0.1f), 0.10009765625f, "bf16 0.1f");
  expect_bits(round_to_fp16(0.1f), 0.0999755859375f, "fp16 0.1f");
  expect_bits(round_to_fp16(0.1), 0.0999755859375, "fp16 0.1");
}

// Module description, section 3 and IEEE binary16: 65504 is the largest finite fp16; 65520 is
// halfway to 65536 (= 2^16, not representable), and the tie goes to the even 65536, i.e. infinity;
// just below it stays 65504. Catches an overflow threshold at 65504 or at 65536.
TEST(HandExamples, Fp16OverflowsAtSixtyFiveThousandFiveHundredTwenty) {
  expect_bits(round_to_fp16(65504.0f), 65504.0f, "65504");
  expect_bits(round_to_fp16(65519.0f), 65504.0f, "65519");
  expect_bits(round_to_fp16(std::nextafter(65520.0, 0.0)), 65504.0, "double just below 65520");
  expect_bits(round_to_fp16(65520.0f), infinity, "65520");
  expect_bits(round_to_fp16(-65520.0f), -infinity, "-65520");
  expect_bits(round_to_fp16(1e9), static_cast<double>(infinity), "1e9");
}

// Module description, section 3: fp16's smallest subnormal is 2^-24. 2^-25 is the tie between 0 and
// 2^-24 and goes to the even 0; 3 * 2^-26 is above the tie and goes to 2^-24; the sign of a flushed
// value stays. Catches flushing subnormals to zero, and a subnormal step of 2^-25 or 2^-23.
TEST(HandExamples, Fp16SmallestSubnormalAndTheTieBelowIt) {
  expect_bits(round_to_fp16(0x1p-24f), 0x1p-24f, "2^-24");
  expect_bits(round_to_fp16(0x1p-25f), 0.0f, "2^-25");
  expect_bits(round_to_fp16(3 * 0x1p-26f), 0x1p-24f, "3 * 2^-26");
  expect_bits(round_to_fp16(-0x1p-25f), -0.0f, "-2^-25");
  // In the subnormal range the spacing is fixed at 2^-24, so 2^-15 + 2^-25 (a tie there) drops
  // to 2^-15, where 11 significant bits would have kept it.
  expect_bits(round_to_fp16(0x1p-15f + 0x1p-25f), 0x1p-15f, "2^-15 + 2^-25");
}

// bf16 has float's subnormals with 7 fraction bits: smallest 2^-133. Catches a bf16 that flushes
// float subnormals or uses fp16's range.
TEST(HandExamples, Bf16KeepsFloatRangeAndSubnormals) {
  expect_bits(round_to_bf16(0x1p-133f), 0x1p-133f, "2^-133");
  expect_bits(round_to_bf16(0x1p-134f), 0.0f, "2^-134 (tie with 0)");
  expect_bits(round_to_bf16(3 * 0x1p-135f), 0x1p-133f, "3 * 2^-135");
  expect_bits(round_to_bf16(1e30f), 0x1.94p+99f, "1e30 (0x7149f2ca -> 0x714a0000)");
  expect_bits(round_to_bf16(std::numeric_limits<float>::max()), infinity, "FLT_MAX");
  expect_bits(round_to_bf16(0x1p128), static_cast<double>(infinity), "double 2^128");
}

// In the lowest binade [q, 2q) every fraction bit is dropped, so the lowest kept bit is the
// implicit 1 and the tie 1.5 q goes up to the even 2q. Catches reading that parity from the bit
// pattern, where the exponent's last bit sits: it is even for bf16's 2^-133 in double (exponent
// field 890), so 3 * 2^-134 would go down to 2^-133. (In fp16 that field is odd and hides the
// mistake.)
TEST(HandExamples, TieInTheLowestBinadeGoesToTwiceTheSmallestSubnormal) {
  expect_bits(round_to_bf16(3 * 0x1p-134), 0x1p-132, "bf16 double 3 * 2^-134");
  expect_bits(round_to_bf16(3 * 0x1p-134f), 0x1p-132f, "bf16 float 3 * 2^-134");
  expect_bits(round_to_fp16(3 * 0x1p-25), 0x1p-23, "fp16 double 3 * 2^-25");
  expect_bits(round_to_fp16(3 * 0x1p-25f), 0x1p-23f, "fp16 float 3 * 2^-25");
}

// A double is rounded once, from its own 53 bits. 1 + 2^-8 + 2^-40 is just above the bf16 tie, so
// it rounds up to 1 + 2^-7; rounding it to float first gives exactly the tie (2^-40 is below
// float's last place) and then 1. Catches round_to_bf16(double) implemented through float.
TEST(HandExamples, DoubleJustAboveATieRoundsUpWithoutAFloatDetour) {
  expect_bits(round_to_bf16(1.0 + 0x1p-8 + 0x1p-40), 1.0 + 0x1p-7, "bf16 1 + 2^-8 + 2^-40");
  expect_bits(round_to_fp16(1.0 + 0x1p-11 + 0x1p-40), 1.0 + 0x1p-10, "fp16 1 + 2^-11 + 2^-40");
  expect_bits(round_to_fp16(65504.0 + 16 - 0x1p-30), 65504.0, "fp16 just below 65520");
}

// Infinities keep their sign, NaN stays NaN, zeros keep their sign. Catches a sign dropped by the
// magnitude arithmetic and a NaN that the rounding turns into infinity.
TEST(HandExamples, SpecialValuesKeepTheirKind) {
  for (float x : {infinity, -infinity, 0.0f, -0.0f}) {
    expect_bits(round_to_bf16(x), x, "bf16 special");
    expect_bits(round_to_fp16(x), x, "fp16 special");
    expect_bits(round_to_bf16(double(x)), double(x), "bf16 special (double)");
    expect_bits(round_to_fp16(double(x)), double(x), "fp16 special (double)");
  }
  // A NaN whose payload sits only in the dropped bits must not round to infinity.
  const float low_payload_nan = std::bit_cast<float>(0x7f800001u);
  EXPECT_TRUE(std::isnan(round_to_bf16(low_payload_nan)));
  EXPECT_TRUE(std::isnan(round_to_fp16(low_payload_nan)));
  EXPECT_TRUE(std::isnan(round_to_bf16(std::bit_cast<double>(0xfff0000000000001u))));
  EXPECT_TRUE(std::isnan(round_to_fp16(std::bit_cast<double>(0xfff0000000000001u))));
}

// The span overloads reject a length mismatch with std::invalid_argument naming the operation and
// both lengths. Catches a silent partial write or a message that does not say what was wrong.
TEST(SpanOverloads, LengthMismatchNamesBothLengths) {
  std::vector<float> in(5), out(3);
  try {
    round_to_fp16(std::span<const float>(in), std::span<float>(out));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("round_to_fp16"), std::string::npos) << message;
    EXPECT_NE(message.find("input has 5 elements"), std::string::npos) << message;
    EXPECT_NE(message.find("output has 3"), std::string::npos) << message;
  }
  std::vector<double> in_double(2), out_double(7);
  try {
    round_to_bf16(std::span<const double>(in_double), std::span<double>(out_double));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("round_to_bf16"), std::string::npos) << message;
    EXPECT_NE(message.find("input has 2 elements"), std::string::npos) << message;
    EXPECT_NE(message.find("output has 7"), std::string::npos) << message;
  }
}

// In-place rounding (in and out the same span) gives the scalar results, for lengths that leave a
// vector-loop remainder. Catches a vector path that reads values it has already overwritten.
TEST(SpanOverloads, InPlaceAndOutOfPlaceMatchTheScalarFunctions) {
  for (std::size_t length : {0u, 1u, 7u, 8u, 33u, 1000u}) {
    std::vector<float> floats(length);
    std::vector<double> doubles(length);
    for (std::size_t i = 0; i < length; ++i) {
      floats[i] = std::ldexp(1.0f + float(i) / 97.0f, int(i % 60) - 40);
      doubles[i] = std::ldexp(1.0 + double(i) / 89.0 + 0x1p-40, int(i % 300) - 150);
    }
    std::vector<float> float_out(length), float_in_place = floats;
    std::vector<double> double_out(length), double_in_place = doubles;
    round_to_fp16(std::span<const float>(floats), std::span<float>(float_out));
    round_to_fp16(std::span<const float>(float_in_place), std::span<float>(float_in_place));
    round_to_bf16(std::span<const double>(doubles), std::span<double>(double_out));
    round_to_bf16(std::span<const double>(double_in_place), std::span<double>(double_in_place));
    for (std::size_t i = 0; i < length; ++i) {
      expect_bits(float_out[i], round_to_fp16(floats[i]), "fp16 span");
      expect_bits(float_in_place[i], round_to_fp16(floats[i]), "fp16 span in place");
      expect_bits(double_out[i], round_to_bf16(doubles[i]), "bf16 double span");
      expect_bits(double_in_place[i], round_to_bf16(doubles[i]), "bf16 double span in place");
    }
  }
}

}  // namespace
