// A suite with a type error: the grade must be INVALID and show the compiler's own diagnostics.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

TEST(Broken, calls_a_function_that_does_not_exist) {
  EXPECT_EQ(tinyllm::train::no_such_function(), 1);
}
