// The runs the fork server's test asks for (e2e_run_server_test.cpp), one test each, chosen with
// --gtest_filter: each ends one way a run can end, or leaves something a later run must not see.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

TEST(Runs, passes) {}

TEST(Runs, fails) {
  ADD_FAILURE() << "as asked";
}

TEST(Runs, crashes) {
  raise(SIGSEGV);
}

TEST(Runs, exits_early) {
  std::_Exit(3);
}

TEST(Runs, hangs) {
  for (;;) pause();
}

TEST(Runs, floods) {
  for (;;) std::fputs("flood flood flood flood flood flood flood flood flood flood\n", stdout);
}

// A grandchild in a session of its own, still running when the run's main process ends.
TEST(Runs, leaves_a_process) {
  if (fork() == 0) {
    setsid();
    for (;;) pause();
  }
}

// Fails when an earlier run's files, shared memory or environment are still there; then leaves
// its own.
TEST(Runs, finds_nothing_of_an_earlier_run) {
  for (const char* f : {"/tmp/left", "/work/left", "/dev/shm/left", "/tmp/dir/left"})
    EXPECT_FALSE(fs::exists(f)) << f;
  EXPECT_EQ(shmget(0x5eed, 0, 0), -1) << "shared memory of an earlier run";
  EXPECT_EQ(std::getenv("LEFT_BY_A_RUN"), nullptr);
  fs::create_directories("/tmp/dir");
  for (const char* f : {"/tmp/left", "/work/left", "/dev/shm/left", "/tmp/dir/left"})
    std::ofstream(f) << "left";
  fs::permissions("/tmp/dir", fs::perms::none);
  EXPECT_GE(shmget(0x5eed, 4096, IPC_CREAT | 0600), 0);
  setenv("LEFT_BY_A_RUN", "1", 1);
}

// Kills the process that started it: in a sandbox of its own that is the launcher (PID 1, which
// it cannot kill); in a fork server, the server.
TEST(Runs, kills_its_parent) {
  kill(getppid(), SIGKILL);
  usleep(100000);
}
