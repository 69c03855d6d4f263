// A fixed pool of threads taking job indices from one atomic counter.
#include "tinyllm/builder/parallel.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <iostream>
#include <thread>
#include <vector>

namespace tinyllm::builder {

Progress::Progress(std::ostream* out, std::string phase, std::size_t total)
    : out_(out),
      phase_(std::move(phase)),
      total_(total),
      terminal_(out == &std::cerr && isatty(STDERR_FILENO)) {}

void Progress::step() {
  const std::lock_guard lock(mutex_);
  ++done_;
  if (out_ == nullptr) return;
  const bool last = done_ == total_;
  if (terminal_) {
    *out_ << "\rtinyllm-build-generated: " << phase_ << " " << done_ << "/" << total_
          << (last ? "\n" : "") << std::flush;
  } else if (last || done_ * 10 / total_ != (done_ - 1) * 10 / total_) {
    *out_ << "tinyllm-build-generated: " << phase_ << " " << done_ << "/" << total_ << std::endl;
  }
}

unsigned job_count(unsigned requested) {
  if (requested > 0) return requested;
  return std::max(1U, std::thread::hardware_concurrency());
}

void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& job,
                  Progress& progress) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        job(i);
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
      }
      progress.step();
    }
  };
  std::vector<std::thread> threads;
  const std::size_t thread_count = std::min<std::size_t>(std::max(1U, jobs), count);
  for (std::size_t t = 0; t < thread_count; ++t) threads.emplace_back(worker);
  for (std::thread& thread : threads) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace tinyllm::builder
