// A suite that reaches past the public headers into the oracle's internals (oracle/src): it must
// not compile, so the grade is INVALID. A suite tests the public contract (<tinyllm/...>) only.
#include <gtest/gtest.h>

#include <tinyllm/tinyllm.hpp>

#include "oracle/src/mutant.hpp"

TEST(Hostile, reads_the_mutant_switch) {
  SUCCEED();
}
