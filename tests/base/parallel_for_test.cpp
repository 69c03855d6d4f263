// The thread pool: every index once, the first exception rethrown after every thread finished,
// Stop and Finish kept apart, on_done once per job that ran.
#include "tinyllm/base/parallel_for.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tinyllm::base {
namespace {

// Catches: the last exception rethrown instead of the first, or one swallowed.
TEST(BaseParallelFor, RethrowsTheFirstException) {
  for (const AfterError after : {AfterError::Stop, AfterError::Finish}) {
    try {
      parallel_for(
          10, 1,
          [](std::size_t i) {
            if (i == 2 || i == 5) throw std::runtime_error("job " + std::to_string(i));
          },
          after);
      FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "job 2");
    }
  }
}

// Catches: Stop still handing out indices after an error (the grader would go on compiling and
// running for minutes after a fatal failure).
TEST(BaseParallelFor, StopHandsOutNoIndexAfterAnError) {
  std::vector<std::size_t> ran;
  EXPECT_THROW(parallel_for(10, 1,
                            [&](std::size_t i) {
                              ran.push_back(i);
                              if (i == 3) throw std::runtime_error("stop");
                            }),
               std::runtime_error);
  EXPECT_THAT(ran, ::testing::ElementsAre(0, 1, 2, 3));
}

// Catches: Finish stopping at the first error (the builder would leave objects half-built and
// its cache inconsistent), or running an index twice.
TEST(BaseParallelFor, FinishRunsEveryIndex) {
  std::vector<std::atomic<int>> runs(50);
  EXPECT_THROW(parallel_for(
                   50, 3,
                   [&](std::size_t i) {
                     ++runs[i];
                     if (i % 7 == 0) throw std::runtime_error("job failed");
                   },
                   AfterError::Finish),
               std::runtime_error);
  for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], 1) << i;
}

// Catches: on_done skipped for a job that threw (the builder's progress would stop short of its
// total) or called twice, or called for an index that never ran.
TEST(BaseParallelFor, OnDoneIsCalledOncePerJobThatRan) {
  std::vector<std::atomic<int>> done(100), ran(100);
  EXPECT_THROW(parallel_for(
                   100, 4,
                   [&](std::size_t i) {
                     ++ran[i];
                     if (i % 10 == 3) throw std::runtime_error("job failed");
                   },
                   AfterError::Finish, [&](std::size_t i) { ++done[i]; }),
               std::runtime_error);
  for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(done[i], 1) << i;

  std::vector<std::atomic<int>> stop_done(100), stop_ran(100);
  EXPECT_THROW(parallel_for(
                   100, 4,
                   [&](std::size_t i) {
                     ++stop_ran[i];
                     if (i == 10) throw std::runtime_error("job failed");
                   },
                   AfterError::Stop, [&](std::size_t i) { ++stop_done[i]; }),
               std::runtime_error);
  for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(stop_done[i], stop_ran[i]) << i;
}

// Catches: more threads than indices running an index twice or past the end, and a count of 0
// (or jobs <= 0) crashing, hanging or calling the job.
TEST(BaseParallelFor, MoreJobsThanIndicesAndNothingToDoAreFine) {
  std::vector<std::atomic<int>> runs(3);
  parallel_for(3, 16, [&](std::size_t i) { ++runs[i]; });
  for (const auto& r : runs) EXPECT_EQ(r, 1);
  int calls = 0;
  parallel_for(
      0, 4, [&](std::size_t) { ++calls; }, AfterError::Stop, [&](std::size_t) { ++calls; });
  parallel_for(0, 0, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
  std::vector<std::atomic<int>> serial(5);
  parallel_for(5, 0, [&](std::size_t i) { ++serial[i]; });
  parallel_for(5, -3, [&](std::size_t i) { ++serial[i]; });
  for (const auto& r : serial) EXPECT_EQ(r, 2);
}

// Catches: a pool that runs the jobs one after another whatever `jobs` says (a build of hundreds
// of mutants would take twice as long).
TEST(BaseParallelFor, RunsJobsAtOnce) {
  std::atomic<int> started{0};
  std::atomic<bool> all_met{true};
  parallel_for(4, 4, [&](std::size_t) {
    ++started;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (started < 4 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (started < 4) all_met = false;
  });
  EXPECT_TRUE(all_met);
}

// Catches: a request ignored, or 0 (the default: "as many as the machine has") giving 0 threads.
TEST(BaseParallelFor, JobCountDefaultsToTheHardwareThreads) {
  EXPECT_EQ(job_count(3), 3);
  EXPECT_GE(job_count(0), 1);
  EXPECT_EQ(job_count(0), job_count(-1));
}

}  // namespace
}  // namespace tinyllm::base
