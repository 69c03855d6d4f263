// A suite whose compile reads a 1 GB file (the test makes it, sparse): refused, in bounded time and
// memory.
#include <gtest/gtest.h>

const char* huge =
#include "/tmp/tinyllm-hostile-huge.txt"
    ;

TEST(Hostile, never_compiles) {
  EXPECT_NE(huge, nullptr);
}
