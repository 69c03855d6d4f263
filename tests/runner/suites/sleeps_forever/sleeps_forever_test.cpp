// Hostile suite: a test that never ends, and leaves behind a grandchild that left the process
// group (setsid, double fork) and ignores SIGTERM. The grader must stop it at the reference's
// timeout (grade INVALID) and leave no process named "tlh-sleeper" behind.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <tinyllm/tinyllm.hpp>

TEST(Hostile, sleeps_forever_with_an_escaped_grandchild) {
  if (fork() == 0) {
    setsid();
    if (fork() == 0) {
      signal(SIGTERM, SIG_IGN);
      signal(SIGHUP, SIG_IGN);
      prctl(PR_SET_NAME, "tlh-sleeper");
      for (;;) pause();
    }
    _exit(0);
  }
  for (;;) sleep(1000);
}
