// Every float32 bit pattern, rounded to bf16 and fp16 by the oracle, against conversions written by
// others: Eigen::bfloat16 for bf16 and the compiler's _Float16 (the processor's F16C instructions
// where the compiler has no _Float16) for fp16. Both the scalar and the span overloads are checked.
#include <cpuid.h>
#include <gtest/gtest.h>
#include <immintrin.h>

#include <Eigen/Core>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "tinyllm/numerics.hpp"

namespace {

namespace numerics = tinyllm::numerics;

// Patterns per batch: large enough that the span call dominates its overhead, small enough to stay
// in cache.
constexpr std::uint64_t batch_size = 1 << 16;
constexpr std::uint64_t pattern_count = std::uint64_t(1) << 32;
constexpr std::size_t mismatches_kept = 8;

using Batch = void (*)(std::span<const float> in, std::span<float> out);

void eigen_bf16(std::span<const float> in, std::span<float> out) {
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<float>(Eigen::bfloat16(in[i]));
}

#if defined(__FLT16_MAX__)
// The compiler's conversion: libgcc's software routine, or F16C when the processor has it.
void float16_software(std::span<const float> in, std::span<float> out) {
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] = static_cast<float>(static_cast<_Float16>(in[i]));
}
__attribute__((target("f16c"))) void float16_f16c(std::span<const float> in, std::span<float> out) {
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] = static_cast<float>(static_cast<_Float16>(in[i]));
}
constexpr const char* fp16_names[] = {"_Float16 (libgcc)", "_Float16 (F16C)"};
#else
// clang 14 has no _Float16 on x86: use F16C, with the rounding mode fixed to nearest-even.
__attribute__((target("f16c"))) void float16_f16c(std::span<const float> in, std::span<float> out) {
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] =
        _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtps_ph(_mm_set_ss(in[i]), _MM_FROUND_TO_NEAREST_INT)));
}
constexpr const char* fp16_names[] = {"none", "F16C intrinsics"};
#endif

// Returns true if the processor has F16C. clang 14 has no __builtin_cpu_supports("f16c"), so read
// CPUID leaf 1 (ECX bit 29); "avx" also checks that the OS saves the registers F16C uses.
bool has_f16c() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 &&
         (ecx & bit_F16C) != 0;
}

// Returns the fp16 reference available on this compiler and processor, or null.
Batch fp16_reference() {
  if (has_f16c()) return float16_f16c;
#if defined(__FLT16_MAX__)
  return float16_software;
#else
  return nullptr;
#endif
}

struct Mismatch {
  std::uint32_t input;
  std::uint32_t got;
  std::uint32_t expected;
  const char* which;  // "scalar vs reference" or "span vs scalar"
};

struct Tally {
  std::uint64_t count = 0;
  std::vector<Mismatch> first;
  void add(const Mismatch& mismatch) {
    if (count++ < mismatches_kept) first.push_back(mismatch);
  }
};

// NaN payloads differ between implementations; only NaN-ness is the contract.
std::uint32_t is_nan_bits(std::uint32_t bits) {
  return (bits & 0x7fffffffu) > 0x7f800000u;
}
bool same(std::uint32_t a, std::uint32_t b) {
  return a == b || (is_nan_bits(a) && is_nan_bits(b));
}

// Return how many of `got` differ from `expected` (apart from NaN payloads, or bit for bit):
// branch-free counts the compiler vectorises, so the sweep's time goes into the conversions.
std::uint64_t count_differences(const std::vector<float>& got, const std::vector<float>& expected) {
  std::uint64_t count = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto a = std::bit_cast<std::uint32_t>(got[i]);
    const auto b = std::bit_cast<std::uint32_t>(expected[i]);
    const std::uint32_t differ = a != b;
    count += differ & (1u ^ (is_nan_bits(a) & is_nan_bits(b)));
  }
  return count;
}
std::uint64_t count_bit_differences(const std::vector<float>& got,
                                    const std::vector<float>& expected) {
  std::uint64_t count = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    count += std::bit_cast<std::uint32_t>(got[i]) != std::bit_cast<std::uint32_t>(expected[i]);
  return count;
}

// Checks the patterns [begin, end): scalar against the reference, span against scalar (bit for
// bit, NaN included: they must be the same computation).
void sweep(std::uint64_t begin, std::uint64_t end, float (*scalar)(float), Batch span,
           Batch reference, Tally& tally) {
  std::vector<float> inputs(batch_size), scalars(batch_size), spanned(batch_size),
      expected(batch_size);
  const auto bits = [](float x) { return std::bit_cast<std::uint32_t>(x); };
  for (std::uint64_t start = begin; start < end; start += batch_size) {
    for (std::uint64_t i = 0; i < batch_size; ++i)
      inputs[i] = std::bit_cast<float>(static_cast<std::uint32_t>(start + i));
    for (std::uint64_t i = 0; i < batch_size; ++i) scalars[i] = scalar(inputs[i]);
    span(inputs, spanned);
    reference(inputs, expected);
    if (count_differences(scalars, expected) == 0 && count_bit_differences(spanned, scalars) == 0)
      continue;
    for (std::uint64_t i = 0; i < batch_size; ++i) {
      const auto input = static_cast<std::uint32_t>(start + i);
      if (!same(bits(scalars[i]), bits(expected[i])))
        tally.add({input, bits(scalars[i]), bits(expected[i]), "scalar vs reference"});
      if (bits(spanned[i]) != bits(scalars[i]))
        tally.add({input, bits(spanned[i]), bits(scalars[i]), "span vs scalar"});
    }
  }
}

// Sweeps all 2^32 patterns on two threads and reports the mismatches.
void check_every_pattern(const std::string& format, float (*scalar)(float), Batch span,
                         Batch reference, const char* reference_name) {
  const auto started = std::chrono::steady_clock::now();
  Tally low, high;
  std::thread worker(sweep, 0, pattern_count / 2, scalar, span, reference, std::ref(high));
  sweep(pattern_count / 2, pattern_count, scalar, span, reference, low);
  worker.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  const std::uint64_t count = low.count + high.count;
  std::printf("%s: 2^32 patterns against %s in %.1f s, %llu mismatches\n", format.c_str(),
              reference_name, seconds, static_cast<unsigned long long>(count));
  std::string listing;
  for (const Tally* tally : {&high, &low})
    for (const Mismatch& m : tally->first) {
      char line[160];
      std::snprintf(line, sizeof line,
                    "  input 0x%08x (%a): got 0x%08x (%a), expected 0x%08x (%a) [%s]\n", m.input,
                    std::bit_cast<float>(m.input), m.got, std::bit_cast<float>(m.got), m.expected,
                    std::bit_cast<float>(m.expected), m.which);
      listing += line;
    }
  EXPECT_EQ(count, 0u) << format << ": first mismatches (of each half of the range):\n" << listing;
}

float scalar_bf16(float x) {
  return numerics::round_to_bf16(x);
}
float scalar_fp16(float x) {
  return numerics::round_to_fp16(x);
}
void span_bf16(std::span<const float> in, std::span<float> out) {
  numerics::round_to_bf16(in, out);
}
void span_fp16(std::span<const float> in, std::span<float> out) {
  numerics::round_to_fp16(in, out);
}

// Catches any pattern class the rounding gets wrong (ties, subnormals, the carry into the
// exponent, overflow to infinity, NaN kept) and a span path that differs from the scalar one.
TEST(ExhaustiveFloat, EveryPatternRoundsToBf16LikeEigen) {
  check_every_pattern("bf16", scalar_bf16, span_bf16, eigen_bf16, "Eigen::bfloat16");
}

// As above for fp16, where the subnormal range (below 2^-14) and overflow (at 65520) lie inside
// float's range and are where a wrong step or threshold would show.
TEST(ExhaustiveFloat, EveryPatternRoundsToFp16LikeTheCompiler) {
  const Batch reference = fp16_reference();
  if (reference == nullptr)
    GTEST_SKIP() << "no fp16 reference: this compiler has no _Float16 and the processor lacks F16C";
  check_every_pattern("fp16", scalar_fp16, span_fp16, reference,
                      fp16_names[reference == float16_f16c ? 1 : 0]);
}

}  // namespace
