// A suite whose headers include each other without guards: the compiler's nesting limit stops it.
#include <gtest/gtest.h>

#include "a.hpp"

TEST(Hostile, never_compiles) {
  SUCCEED();
}
