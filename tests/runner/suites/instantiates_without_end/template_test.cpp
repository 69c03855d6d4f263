// A suite with a template that instantiates itself without end: the compiler's depth limit stops
// it.
#include <gtest/gtest.h>

template <int N>
struct Forever {
  static constexpr int value = Forever<N + 1>::value;
};

TEST(Hostile, never_compiles) {
  EXPECT_EQ(Forever<0>::value, 0);
}
