// Hostile suite: a test that prints without end. The output limit must stop it, and the grade
// must be INVALID for it, saying so.
#include <gtest/gtest.h>

#include <cstdio>
#include <tinyllm/tinyllm.hpp>

TEST(Hostile, prints_forever) {
  for (;;) std::fputs("all work and no play makes a suite a dull suite\n", stdout);
}
