// Hostile suite: a test that crashes with SIGSEGV on any implementation. The grade must be
// INVALID, and the report must name the signal and the test.
#include <gtest/gtest.h>
#include <signal.h>

#include <tinyllm/tinyllm.hpp>

TEST(Hostile, passes_first) {
  EXPECT_EQ(tinyllm::Tensor::scalar(2.0).item(), 2.0);
}
TEST(Hostile, crashes_with_sigsegv) {
  raise(SIGSEGV);
}
