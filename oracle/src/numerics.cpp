// Round to bf16 / fp16 with integer steps on the bit pattern only, so the result depends neither
// on the compiler, nor on the rounding mode or flush-to-zero flags, nor on conversion instructions.
//
// For a non-negative float or double, the bit pattern is monotonic in the value, and inside one
// binade a step of one unit in the pattern is one unit in the last place. Rounding to p bits is
// therefore: add half a step minus one, plus the lowest kept bit (ties to even), then clear the
// dropped bits; a carry out of the significand moves into the exponent, which is the next binade's
// first value (or infinity), as it should. Below the format's smallest normal its spacing q stays
// fixed, so each binade further down drops one more bit, down to values under q, which become 0
// or q. Every case is a select, not a branch, so the span loops vectorise.
#include "tinyllm/numerics.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

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

// The selects are bit masks rather than conditional expressions: GCC would otherwise merge the
// comparisons of one value into range checks that cost more blends than they save.
// Returns -1 (all bits set) if `condition`, else 0.
template <class Signed>
Signed all_ones_if(bool condition) {
  return -Signed(condition);
}
// Returns `if_set` where `mask` is all ones, `otherwise` where it is 0.
template <class Signed>
Signed select(Signed mask, Signed if_set, Signed otherwise) {
  return (if_set & mask) | (otherwise & ~mask);
}

// Returns the bit pattern of `bits` rounded to `format`, to nearest, ties to even. Magnitudes and
// exponents are held signed (they never reach the sign bit): x86 vector compares are signed.
template <class Float, Format format>
typename Layout<Float>::Bits round_bits(typename Layout<Float>::Bits bits) {
  using L = Layout<Float>;
  using Bits = typename L::Bits;
  using Signed = std::make_signed_t<Bits>;
  constexpr Bits sign_mask = Bits(1) << (8 * sizeof(Bits) - 1);
  constexpr Signed infinity = power_of_two_bits<Float>(L::bias + 1);
  constexpr Signed quiet_nan = infinity | (Signed(1) << (L::mantissa - 1));
  constexpr Signed overflow = power_of_two_bits<Float>(format.overflow_exponent);
  // The largest finite value plus half its spacing: from there on (the tie goes to the even
  // 2^overflow_exponent) the result is infinite.
  constexpr Signed overflow_threshold = overflow - (Signed(1) << (L::mantissa - format.precision));
  constexpr int dropped_bits = L::mantissa - (format.precision - 1);
  // The format's smallest subnormal q, and q/2: below q the result is 0 or q.
  constexpr int spacing_exponent = format.min_exponent - (format.precision - 1);
  constexpr Signed spacing = power_of_two_bits<Float>(spacing_exponent);
  constexpr Signed half_spacing = power_of_two_bits<Float>(spacing_exponent - 1);
  // The biased exponent (in the input's encoding) of the format's smallest normal; at 1 (bf16 in
  // float) the format's subnormals are the input's, already on the same fixed-step grid.
  constexpr Signed min_normal_exponent = format.min_exponent + L::bias;
  constexpr bool has_own_subnormals = min_normal_exponent > 1;

  const Bits sign = bits & sign_mask;
  const auto magnitude = static_cast<Signed>(bits ^ sign);
  // step = 2^(bits dropped) = the format's spacing in units of the input's last place.
  int binades_below = 0;
  if constexpr (has_own_subnormals) {
    // Each binade below the format's smallest normal drops one more bit. Beyond precision - 1 of
    // them the value is below q, which the select after the rounding handles. (The input's own
    // subnormals, exponent field 0, are far below q: the clamp covers them.)
    static_assert(min_normal_exponent > format.precision);
    const Signed below = min_normal_exponent - (magnitude >> L::mantissa);
    binades_below = static_cast<int>(
        below < 0 ? 0 : (below > format.precision - 1 ? format.precision - 1 : below));
  }
  const Signed step = Signed(1) << (dropped_bits + binades_below);

  // Half a step, less one unless the lowest kept bit is set (ties to even). That bit is the
  // significand's: in the binade [q, 2q) every fraction bit is dropped and the lowest kept bit is
  // the implicit 1, while the pattern holds the exponent's last bit there, hence the OR. Unsigned
  // sum: a NaN's magnitude plus the increment may pass the sign bit (the NaN select below discards
  // it); finite magnitudes stay below it.
  constexpr Signed implicit_bit = Signed(1) << L::mantissa;
  const Signed increment = (step >> 1) - (((magnitude | implicit_bit) & step) == 0 ? 1 : 0);
  auto rounded = static_cast<Signed>((Bits(magnitude) + Bits(increment)) & ~Bits(step - 1));
  if constexpr (has_own_subnormals) {
    // Below q the step above is too small: (q/2, q) must give q, and up to q/2 (a tie with the
    // even neighbour 0) must give 0. The rounding left values in [q/2, q) at q/2 or q and larger
    // ones at q or above, so raise to q and clear what is not above q/2.
    rounded = std::max(rounded, spacing) & all_ones_if<Signed>(magnitude > half_spacing);
  }
  // In float, bf16's overflow is float's own: the carry out of its largest value is infinity.
  if constexpr (overflow < infinity)
    rounded = select(all_ones_if<Signed>(magnitude >= overflow_threshold), infinity, rounded);
  rounded = select(all_ones_if<Signed>(magnitude > infinity), quiet_nan, rounded);
  return sign | static_cast<Bits>(rounded);
}

template <class Float, Format format>
Float round_one(Float x) {
  using Bits = typename Layout<Float>::Bits;
  return std::bit_cast<Float>(round_bits<Float, format>(std::bit_cast<Bits>(x)));
}

// One loop for the out-of-place and one for the in-place call: with a single pointer the compiler
// vectorises without a run-time overlap check (which equal pointers would fail).
template <class Float, Format format>
[[gnu::always_inline]] inline void round_loop(const Float* in, Float* out, std::size_t n) {
  if (in == out) {
    for (std::size_t i = 0; i < n; ++i) out[i] = round_one<Float, format>(out[i]);
  } else {
    for (std::size_t i = 0; i < n; ++i) out[i] = round_one<Float, format>(in[i]);
  }
}

// The span loops are built twice, for AVX2 (eight lanes and a per-lane variable shift) and for
// baseline x86-64, and the loader picks the one the processor runs. Both are the same integer
// steps, so they give the same bits (the exhaustive test compares the span and scalar results
// for every float32).
// (clang 14 clones no templates, hence one plain function per loop, into which round_loop must be
// inlined to be compiled for AVX2.)
#if defined(__x86_64__) && defined(__GNUC__)
#define TINYLLM_ALSO_FOR_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define TINYLLM_ALSO_FOR_AVX2
#endif
TINYLLM_ALSO_FOR_AVX2 void round_all_to_bf16(const float* in, float* out, std::size_t n) {
  round_loop<float, bf16>(in, out, n);
}
TINYLLM_ALSO_FOR_AVX2 void round_all_to_bf16(const double* in, double* out, std::size_t n) {
  round_loop<double, bf16>(in, out, n);
}
TINYLLM_ALSO_FOR_AVX2 void round_all_to_fp16(const float* in, float* out, std::size_t n) {
  round_loop<float, fp16>(in, out, n);
}
TINYLLM_ALSO_FOR_AVX2 void round_all_to_fp16(const double* in, double* out, std::size_t n) {
  round_loop<double, fp16>(in, out, n);
}
#undef TINYLLM_ALSO_FOR_AVX2

void check_lengths(std::size_t in, std::size_t out, const char* name) {
  if (in != out)
    throw std::invalid_argument(std::string(name) + ": input has " + std::to_string(in) +
                                " elements but output has " + std::to_string(out) +
                                "; pass spans of equal length (or the same span twice)");
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
  check_lengths(in.size(), out.size(), "round_to_bf16");
  round_all_to_bf16(in.data(), out.data(), in.size());
}
void round_to_bf16(std::span<const double> in, std::span<double> out) {
  check_lengths(in.size(), out.size(), "round_to_bf16");
  round_all_to_bf16(in.data(), out.data(), in.size());
}
void round_to_fp16(std::span<const float> in, std::span<float> out) {
  check_lengths(in.size(), out.size(), "round_to_fp16");
  round_all_to_fp16(in.data(), out.data(), in.size());
}
void round_to_fp16(std::span<const double> in, std::span<double> out) {
  check_lengths(in.size(), out.size(), "round_to_fp16");
  round_all_to_fp16(in.data(), out.data(), in.size());
}

}  // namespace tinyllm::numerics
