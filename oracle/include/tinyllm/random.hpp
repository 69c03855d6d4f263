// Generator: the oracle's one source of randomness. A fixed, documented algorithm (xoshiro256**
// seeded through splitmix64) so that every platform and compiler draws the same stream.
#pragma once
#include <array>
#include <cstdint>

namespace tinyllm {

class Generator {
 public:
  // Seeds the four state words from `seed` with splitmix64, as xoshiro's authors recommend.
  explicit Generator(std::uint64_t seed = 0);

  // The whole state: copy it to rewind the stream, compare it to see where two streams are.
  struct State {
    std::array<std::uint64_t, 4> words{};
    bool operator==(const State&) const = default;
  };
  // Returns the state now; set_state(get_state()) changes nothing.
  State get_state() const;
  // Puts the stream back to `s` (an all-zero state is rejected: xoshiro would stay at zero).
  void set_state(const State& s);

  // Returns the next 64 random bits (xoshiro256**).
  std::uint64_t next_u64();
  // Returns a double uniform in [0, 1): the top 53 bits of next_u64() times 2^-53.
  double uniform();
  // Returns a standard normal draw by Box-Muller from two uniform() draws, cosine branch only:
  // sqrt(-2 ln(1 - u1)) * cos(2 pi u2). Two draws per call, no cached second value.
  double normal();

 private:
  State state_;
};

}  // namespace tinyllm
