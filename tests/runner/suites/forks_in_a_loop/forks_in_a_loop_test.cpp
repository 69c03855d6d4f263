// Hostile suite: a test that forks until it cannot, every child sleeping forever, then passes.
// The process limit must stop the loop, the grade must finish (FAIL: it kills nothing), and no
// process named "tlh-forked" may remain.
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <tinyllm/tinyllm.hpp>

TEST(Hostile, forks_in_a_loop) {
  int failures = 0;
  for (int i = 0; i < 100000 && failures < 200; ++i) {
    pid_t p = fork();
    if (p == 0) {
      prctl(PR_SET_NAME, "tlh-forked");
      for (;;) pause();
    }
    if (p < 0) ++failures;
  }
  EXPECT_EQ(tinyllm::Tensor::scalar(1.0).item(), 1.0);
}
