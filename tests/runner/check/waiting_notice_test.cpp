// Tests of the waiting notice (waiting_notice.hpp): lines while something runs, none before.
#include "check/waiting_notice.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <thread>
#include <vector>

namespace tinyllm::runner {
namespace {

// Catches: a notice that says nothing while a run goes on (a hang looks like a grader that froze),
// one that speaks before anything runs, or one that names what ran before.
TEST(WaitingNotice, says_what_runs_while_it_runs) {
  std::mutex mutex;
  std::vector<std::string> lines;
  {
    WaitingNotice notice(
        [&](const std::string& line) {
          std::lock_guard lock(mutex);
          lines.push_back(line);
        },
        std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    {
      std::lock_guard lock(mutex);
      EXPECT_TRUE(lines.empty());
    }
    notice.running("the first run");
    notice.running("the course suite with seed 7");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_FALSE(lines.empty());
  for (const auto& line : lines) EXPECT_TRUE(line.starts_with("still running the course suite"));
  EXPECT_EQ(lines.front(), "still running the course suite with seed 7: 0 s so far");
}

}  // namespace
}  // namespace tinyllm::runner
