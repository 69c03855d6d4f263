// How far a phase of the build has got, so that a build of hundreds of mutants is not silent (the
// jobs themselves run on base::parallel_for).
#pragma once
#include <cstddef>
#include <mutex>
#include <ostream>
#include <string>

namespace tinyllm::builder {

// Counts finished jobs of one phase and prints "<phase> <done>/<total>" to `out` (null: quiet):
// every step on a terminal (rewriting one line), else at each tenth, so a build log stays short.
class Progress {
 public:
  Progress(std::ostream* out, std::string phase, std::size_t total);
  // Records one finished job (also a failed one); safe from several threads.
  void step();

 private:
  std::ostream* out_;
  std::string phase_;
  std::size_t total_;
  std::size_t done_ = 0;
  bool terminal_;
  std::mutex mutex_;
};

}  // namespace tinyllm::builder
