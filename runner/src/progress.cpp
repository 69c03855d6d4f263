// A one-line progress indicator on stderr.
#include "progress.hpp"

#include <fmt/format.h>

#include <iostream>
#include <mutex>

#include "options.hpp"

namespace tinyllm::runner {

std::function<void(int, int, const std::string&)> progress_line(bool enabled) {
  if (!enabled || !stderr_is_terminal()) return {};
  return [](int done, int total, const std::string& what) {
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    std::cerr << fmt::format("\r\033[K[tinyllm-grade] runs {}/{} (last: {})", done, total, what)
              << std::flush;
  };
}

void end_progress_line(bool enabled) {
  if (enabled && stderr_is_terminal()) std::cerr << "\r\033[K" << std::flush;
}

}  // namespace tinyllm::runner
