// parallel_for: the one thread pool of the builder and the grader (compiles, links, grading runs),
// a fixed set of threads taking indices from one counter.
#pragma once
#include <cstddef>
#include <functional>

namespace tinyllm::base {

// What happens to the indices not yet handed out once a job has thrown.
enum class AfterError {
  Stop,   // none is handed out after the first exception (the grader: no point going on)
  Finish  // every index still runs (the builder: nothing is left half-written)
};

// Returns once job(i) has run for every i < count (or, with AfterError::Stop, for those handed
// out before the first exception) on `jobs` threads (at least one, at most count), the calling
// thread being one of them; on_done(i), when set, is called after each job that ran, also when it
// threw. Rethrows the first exception (of a job or of on_done) once every thread has finished.
void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& job,
                  AfterError after = AfterError::Stop,
                  const std::function<void(std::size_t)>& on_done = {});

// Returns the number of jobs to run at once: `requested` when it is positive, else the number of
// hardware threads (at least 1; Ninja does not tell a command its -j).
int job_count(int requested);

}  // namespace tinyllm::base
