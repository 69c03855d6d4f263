// Runs the build's compile and link jobs on several threads and says how far it has got, so a
// build of hundreds of mutants is not silent.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>

namespace tinyllm::builder {

// Counts finished jobs of one phase and prints "<phase> <done>/<total>" to `out` (null: quiet):
// every step on a terminal (rewriting one line), else at each tenth, so a build log stays short.
class Progress {
 public:
  Progress(std::ostream* out, std::string phase, std::size_t total);
  // Records one finished job; safe from several threads.
  void step();

 private:
  std::ostream* out_;
  std::string phase_;
  std::size_t total_;
  std::size_t done_ = 0;
  bool terminal_;
  std::mutex mutex_;
};

// Returns the number of jobs to run at once: `requested`, or when it is 0 the number of hardware
// threads (Ninja does not tell a command its -j).
unsigned job_count(unsigned requested);

// Calls job(i) for every i < count on `jobs` threads, then rethrows the first exception a job
// threw (the others still finish, so nothing is left half-written).
void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& job,
                  Progress& progress);

}  // namespace tinyllm::builder
