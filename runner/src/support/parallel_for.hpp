// parallel_for: the one thread pool of the grader (compiling a suite's sources, grading runs).
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tinyllm::runner {

// Runs fn(i) for i in [0, count) on `jobs` threads (at least one). The first exception fn throws
// stops the hand-out of further indices and is rethrown here once every thread has finished.
inline void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& fn) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  std::mutex error_mutex;
  std::exception_ptr error;
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        next = count;
      }
    }
  };
  const int workers = std::max(1, std::min<int>(jobs, static_cast<int>(count)));
  for (int w = 0; w < workers; ++w) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tinyllm::runner
