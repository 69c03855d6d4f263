// One atomic counter hands out the indices, so a slow job never holds up the ones behind it.
#include "tinyllm/base/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace tinyllm::base {

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& job,
                  AfterError after, const std::function<void(std::size_t)>& on_done) {
  if (count == 0) return;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  std::mutex error_mutex;
  std::exception_ptr first_error;
  auto record = [&](std::exception_ptr error) {
    const std::lock_guard lock(error_mutex);
    if (!first_error) first_error = std::move(error);
    if (after == AfterError::Stop) stopped = true;
  };
  auto worker = [&] {
    while (!stopped) {
      const std::size_t i = next++;
      if (i >= count) break;
      std::exception_ptr error;
      try {
        job(i);
      } catch (...) {
        error = std::current_exception();
      }
      if (on_done) {
        try {
          on_done(i);
        } catch (...) {
          if (!error) error = std::current_exception();
        }
      }
      if (error) record(std::move(error));
    }
  };
  const std::size_t workers =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), count);
  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  // The calling thread is the last worker, so a thread that cannot be created only costs speed.
  for (std::size_t t = 1; t < workers; ++t) {
    try {
      threads.emplace_back(worker);
    } catch (const std::system_error&) {
      break;
    }
  }
  worker();
  for (std::thread& thread : threads) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

int job_count(int requested) {
  if (requested > 0) return requested;
  return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace tinyllm::base
