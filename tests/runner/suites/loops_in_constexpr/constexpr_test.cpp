// A suite with a constexpr loop that never ends: the compiler's evaluation limit stops it.
#include <gtest/gtest.h>

constexpr int forever() {
  int i = 0;
  while (true) ++i;
  return i;
}

constexpr int never = forever();

TEST(Hostile, never_compiles) {
  EXPECT_EQ(never, 0);
}
