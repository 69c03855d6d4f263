// matmul_plain's kernel against the contract's own loop: every output must have the same bits as
// c[i][j] = 0, then c[i][j] += T(a[i][p] * b[p][j]) for p = 0, 1, ..., k-1, in the dtype T. The
// kernel tiles, vectorises and blocks the product; none of that may change a bit.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {

template <class T>
constexpr DType dtype_of = sizeof(T) == 4 ? DType::f32 : DType::f64;

// The independent reference: the contract's triple loop, one output at a time.
template <class T>
std::vector<T> reference_product(const std::vector<T>& a, const std::vector<T>& b, std::size_t m,
                                 std::size_t k, std::size_t n) {
  std::vector<T> c(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T sum = T(0);
      for (std::size_t p = 0; p < k; ++p) sum += T(a[i * k + p] * b[p * n + j]);
      c[i * n + j] = sum;
    }
  return c;
}

// Returns matmul_plain of the (m, k) and (k, n) matrices whose elements are `a` and `b`.
template <class T>
std::vector<T> oracle_product(const std::vector<T>& a, const std::vector<T>& b, std::size_t m,
                              std::size_t k, std::size_t n) {
  Tensor ta = Tensor::zeros({m, k}, dtype_of<T>), tb = Tensor::zeros({k, n}, dtype_of<T>);
  std::copy(a.begin(), a.end(), ta.mutable_data<T>().begin());
  std::copy(b.begin(), b.end(), tb.mutable_data<T>().begin());
  const Tensor c = matmul_plain(ta, tb);
  const auto values = c.data<T>();
  return {values.begin(), values.end()};
}

// Returns a description of the first output whose bits differ, or nothing when all are the same.
// A NaN only needs to be a NaN: when both operands of an addition are NaNs, x86 returns the first
// one, and C++ lets the compiler swap the operands of a + b, so which NaN comes out (its sign and
// payload) varies with the compiler and the optimisation level, for the contract's loop too; only
// NaN-ness is the contract (as for the rounding in tests/numerics).
template <class T>
std::optional<std::string> first_difference(const std::vector<T>& got,
                                            const std::vector<T>& expected, std::size_t n) {
  if (got.size() != expected.size()) return "sizes differ";
  for (std::size_t e = 0; e < got.size(); ++e)
    if (std::memcmp(&got[e], &expected[e], sizeof(T)) != 0 &&
        !(std::isnan(got[e]) && std::isnan(expected[e]))) {
      std::ostringstream out;
      out << "c[" << e / n << "][" << e % n << "] is " << got[e] << ", the contract's loop gives "
          << expected[e];
      return out.str();
    }
  return std::nullopt;
}

// Returns a value with all of T's significand bits random, a random sign, and a binary exponent in
// [-max_exponent, max_exponent]: sums of such terms round differently in almost any other order.
template <class T>
T random_value(std::mt19937_64& gen, int max_exponent) {
  constexpr int digits = std::numeric_limits<T>::digits;
  const T significand = std::ldexp(static_cast<T>(gen() >> (64 - digits)), -digits);
  const int exponent = static_cast<int>(gen() % (2 * max_exponent + 1)) - max_exponent;
  const T value = std::ldexp(significand, exponent);
  return gen() % 2 ? -value : value;
}

template <class T>
std::vector<T> random_values(std::size_t count, std::mt19937_64& gen, int max_exponent) {
  std::vector<T> values(count);
  for (T& v : values) v = random_value<T>(gen, max_exponent);
  return values;
}

// Checks the product of random (m, k) and (k, n) matrices, the values drawn from `seed`.
template <class T>
void check_random_product(std::size_t m, std::size_t k, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  // Magnitudes over 2^±20 (float) or 2^±60 (double): varied, yet no product overflows.
  const int max_exponent = sizeof(T) == 4 ? 20 : 60;
  const auto a = random_values<T>(m * k, gen, max_exponent);
  const auto b = random_values<T>(k * n, gen, max_exponent);
  const auto difference =
      first_difference(oracle_product(a, b, m, k, n), reference_product(a, b, m, k, n), n);
  if (difference) RC_FAIL(*difference);
}

// Catches: a kernel that changes any sum's order (terms reordered, summed pairwise or in several
// partial sums, a fused multiply-add, accumulation in another dtype), or that mishandles the rows
// and columns left over when m or n is not a multiple of its tile (skipped, added twice, read from
// the next row), or that leaves k = 0 outputs other than +0.
RC_GTEST_PROP(MatmulKernel, Float32MatchesTheContractsLoopBitForBit, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(0, 71), k = *rc::gen::inRange<std::size_t>(0, 71),
             n = *rc::gen::inRange<std::size_t>(0, 71);
  check_random_product<float>(m, k, n, *rc::gen::arbitrary<std::uint64_t>());
}

// Catches: the same mistakes in the float64 instantiation (a different tile width per dtype).
RC_GTEST_PROP(MatmulKernel, Float64MatchesTheContractsLoopBitForBit, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(0, 71), k = *rc::gen::inRange<std::size_t>(0, 71),
             n = *rc::gen::inRange<std::size_t>(0, 71);
  check_random_product<double>(m, k, n, *rc::gen::arbitrary<std::uint64_t>());
}

// Catches: a kernel that blocks the sum over k and restarts each block from zero, or adds the
// blocks' partial sums together, instead of continuing one sum: k here runs past its depth block.
RC_GTEST_PROP(MatmulKernel, LongSumsMatchTheContractsLoopBitForBit, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(1, 11),
             k = *rc::gen::inRange<std::size_t>(100, 601),
             n = *rc::gen::inRange<std::size_t>(1, 80);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  check_random_product<float>(m, k, n, seed);
  check_random_product<double>(m, k, n, seed);
}

// Returns the special values of T that a product and a sum treat specially: NaN, the infinities,
// both zeros, subnormals, the extremes (whose products overflow or underflow) and plain ones.
template <class T>
std::vector<T> special_values() {
  using limits = std::numeric_limits<T>;
  return {limits::quiet_NaN(),
          limits::infinity(),
          -limits::infinity(),
          T(0),
          -T(0),
          limits::denorm_min(),
          -limits::denorm_min(),
          limits::min() / T(3),
          limits::min(),
          -limits::min(),
          limits::max(),
          -limits::max(),
          T(1),
          T(-1),
          limits::epsilon()};
}

// Checks the product of matrices in which one element in four is a special value (NaN, ±inf,
// ±0, subnormals, extremes) and otherwise random.
template <class T>
void check_special_product(std::size_t m, std::size_t k, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  const auto specials = special_values<T>();
  auto draw = [&](std::size_t count) {
    std::vector<T> values(count);
    for (T& v : values)
      v = gen() % 4 == 0 ? specials[gen() % specials.size()] : random_value<T>(gen, 4);
    return values;
  };
  const auto a = draw(m * k), b = draw(k * n);
  const auto difference =
      first_difference(oracle_product(a, b, m, k, n), reference_product(a, b, m, k, n), n);
  if (difference) RC_FAIL(*difference);
}

// Catches: a kernel that skips zero terms (0 * inf is NaN and must still be added), starts a sum
// from its first product instead of +0 (-0 alone must give +0), flushes subnormals to zero, or
// saturates an overflowing product instead of letting it be ±inf.
RC_GTEST_PROP(MatmulKernel, SpecialValuesMatchTheContractsLoopBitForBit, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(0, 20), k = *rc::gen::inRange<std::size_t>(0, 12),
             n = *rc::gen::inRange<std::size_t>(0, 40);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  check_special_product<float>(m, k, n, seed);
  check_special_product<double>(m, k, n, seed);
}

// Catches: a sum started from its first term rather than from +0: -0 * 1 alone gives -0 that way,
// and +0 + -0 = +0 the contract's way; and k = 0 outputs left unwritten or -0.
TEST(MatmulKernel, SumsStartFromPositiveZero) {
  for (const DType dtype : {DType::f32, DType::f64}) {
    const Tensor minus_zero = Tensor::full({5, 1}, -0.0, dtype),
                 one = Tensor::full({1, 9}, 1.0, dtype);
    for (double v : matmul_plain(minus_zero, one).values()) EXPECT_FALSE(std::signbit(v));
    const Tensor empty_a = Tensor::zeros({6, 0}, dtype), empty_b = Tensor::zeros({0, 10}, dtype);
    const Tensor c = matmul_plain(empty_a, empty_b);
    ASSERT_EQ(c.shape(), (Shape{6, 10}));
    for (double v : c.values()) EXPECT_TRUE(v == 0.0 && !std::signbit(v));
  }
}

}  // namespace
}  // namespace tinyllm
