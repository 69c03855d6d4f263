// A suite that reaches the oracle's internals by a relative path from its folder (the test also
// writes one with the absolute path): refused, so a suite tests the public contract alone.
#include <gtest/gtest.h>

#include "../../../../oracle/src/train/cast.cpp"

TEST(Hostile, tests_the_internals) {
  SUCCEED();
}
