// xoshiro256** (Blackman and Vigna, 2018) seeded by splitmix64: a small, fast generator whose
// every output is defined by integer arithmetic, so all platforms and compilers agree.
#include "tinyllm/random.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tinyllm {
namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}
}  // namespace

Generator::Generator(std::uint64_t seed) {
  for (auto& word : state_.words) word = splitmix64(seed);
}

Generator::State Generator::get_state() const {
  return state_;
}

void Generator::set_state(const State& s) {
  if (s.words == std::array<std::uint64_t, 4>{})
    throw std::invalid_argument(
        "Generator::set_state: the all-zero state is not a valid xoshiro256** state; pass a "
        "state from get_state()");
  state_ = s;
}

std::uint64_t Generator::next_u64() {
  auto& s = state_.words;
  const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

double Generator::uniform() {
  return static_cast<double>(next_u64() >> 11) * 0x1.0p-53;
}

double Generator::normal() {
  // 1 - u1 lies in (0, 1], so the logarithm is finite.
  const double u1 = 1.0 - uniform();
  const double u2 = uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace tinyllm
