// A suite whose compile reads a file of the grading machine into a string (the test writes the
// file, with a secret word in it): the grade must say the #include is not allowed and show nothing
// of the file, in every isolation mode.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

const char* leaked =
#include "/tmp/tinyllm-hostile-secret-suite.txt"
    ;

TEST(Hostile, quotes_a_file_of_the_machine) {
  EXPECT_NE(leaked, nullptr);
}
