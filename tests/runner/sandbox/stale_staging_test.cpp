// The staging folders of graders that were killed (a cancelled Slurm task runs no destructor) are
// removed by the next grader; the folders of running graders, and anything else, are not.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "sandbox/bubblewrap.hpp"

namespace fs = std::filesystem;
using tinyllm::runner::detail::kStagingPrefix;
using tinyllm::runner::detail::remove_stale_staging;

namespace {

// Returns the pid of a process that has ended (a child, started and reaped here).
pid_t ended_pid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

// Catches: a killed grader's staging folder (a copy of every suite it graded) left in /tmp for
// good, and a sweep that removes a running grader's folder or files that are not staging folders.
TEST(StaleStaging, TheFoldersOfEndedGradersGoAndEverythingElseStays) {
  const fs::path temp = fs::temp_directory_path() /
                        ("tinyllm-stale-staging-" + std::to_string(std::random_device{}()));
  fs::create_directories(temp);
  const std::string prefix(kStagingPrefix);
  const fs::path ended = temp / (prefix + std::to_string(ended_pid()) + "-abc123");
  const fs::path running = temp / (prefix + std::to_string(getpid()) + "-def456");
  const fs::path old_style = temp / (prefix + "XyZ123");  // before folders carried a pid
  const fs::path other = temp / "tinyllm-other-1";
  for (const fs::path& folder : {ended, running, old_style, other}) {
    fs::create_directories(folder / "c0" / "learner");
    std::ofstream(folder / "c0" / "learner" / "test.cpp") << "TEST(A, B) {}\n";
  }
  remove_stale_staging(temp);
  EXPECT_FALSE(fs::exists(ended));
  EXPECT_TRUE(fs::exists(running / "c0" / "learner" / "test.cpp"));
  EXPECT_TRUE(fs::exists(old_style));
  EXPECT_TRUE(fs::exists(other));
  fs::remove_all(temp);
}

}  // namespace
