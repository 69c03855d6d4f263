// Progress lines on stderr: one rewritten line on a terminal, a line per tenth in a log.
#include "tinyllm/builder/progress.hpp"

#include <unistd.h>

#include <iostream>
#include <utility>

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

}  // namespace tinyllm::builder
